import Foundation
import SimulationKernel
import SimulationModel
import SimulationSupport

extension CampaignResult {
    /// The result file format version this build writes and reads.
    package static let currentFormat = 1

    /// The result as JSON: what `bgsim fuzz --format json` prints and `--output` writes for `--merge`.
    ///
    /// Keys sorted, counts as numbers, seeds, fingerprints and digests as
    /// strings, no timing: the same campaign gives the same bytes for any
    /// `--jobs`, and merged shards give the bytes of the whole.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .int(Int64(Self.currentFormat))),
            ("mode", .string(mode)),
            ("scenario", .string(scenario)),
            ("scenarioName", .string(scenarioName)),
            ("settings", settings.json),
            ("failOn", .string(failOn.rawValue)),
            ("runs", .int(Int64(runs))),
            ("passed", .int(Int64(passed))),
            ("failed", .int(Int64(failed))),
            ("stoppedEarly", .bool(stoppedEarly)),
            ("rules", .object(rules.map { ($0.rule, .int(Int64($0.runs))) })),
            ("reached", .object(milestones.map { ($0.milestone.name, .int(Int64($0.runs))) })),
            ("faults", .object(faults.map {
                ($0.kind.rawValue, .object([("injected", .int(Int64($0.injected))), ("effective", .int(Int64($0.effective)))]))
            })),
            ("failures", .array(failures.map(\.json))),
            ("digest", .string(Self.hex(digest))),
            ("foundFailure", .bool(foundFailure)),
        ]
        if let shard { members.append(("shard", .string(shard.description))) }
        if let exhausted { members.append(("exhausted", .bool(exhausted))) }
        return .object(members)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads a result written by `json`; `file` names it in errors.
    package init(json text: String, file: String? = nil) throws(FaultPlanError) {
        self = try JSONReader.read(text, file: file) { document throws(FaultPlanError) in try CampaignResult(document: document) }
    }

    init(document: JSONValue) throws(FaultPlanError) {
        var reader = try JSONObjectReader(document, path: "")
        guard try reader.int("format") == Int64(Self.currentFormat) else {
            throw FaultPlanError("not a bgsim campaign result of format \(Self.currentFormat)", at: "format")
        }
        func count(_ key: String) throws(FaultPlanError) -> Int {
            guard let value = try reader.int(key), value >= 0 else {
                throw JSONObjectReader.error("needs \"\(key)\", a count", path: "", at: reader.position)
            }
            return Int(value)
        }
        func text(_ key: String) throws(FaultPlanError) -> String {
            guard let value = try reader.string(key) else {
                throw JSONObjectReader.error("needs \"\(key)\"", path: "", at: reader.position)
            }
            return value
        }
        mode = try text("mode")
        scenario = try text("scenario")
        scenarioName = try text("scenarioName")
        settings = try CampaignSettings(document: try reader.required("settings"))
        guard let failOnName = try reader.string("failOn"), let failOn = FailOn(rawValue: failOnName) else {
            throw FaultPlanError(
                "needs \"failOn\", one of \(FailOn.allCases.map(\.rawValue).joined(separator: ", "))", at: "failOn")
        }
        self.failOn = failOn
        runs = try count("runs")
        passed = try count("passed")
        failed = try count("failed")
        guard case .bool(let stopped)? = reader.optional("stoppedEarly")?.content else {
            throw JSONObjectReader.error("needs \"stoppedEarly\"", path: "", at: reader.position)
        }
        stoppedEarly = stopped
        if case .bool(let value)? = reader.optional("exhausted")?.content { exhausted = value } else { exhausted = nil }
        _ = reader.optional("foundFailure")
        if let shardText = try reader.string("shard") {
            guard let parsed = Shard(text: shardText) else { throw FaultPlanError("a shard is K/N", at: "shard") }
            shard = parsed
        } else {
            shard = nil
        }
        let ruleObject = try JSONObjectReader(try reader.required("rules"), path: "rules")
        rules = try ruleObject.members.map { member throws(FaultPlanError) in
            guard let runs = member.value.int64 else { throw FaultPlanError("must be a count", at: "rules.\(member.key)") }
            return RuleCount(rule: member.key, runs: Int(runs))
        }.sorted { $0.rule < $1.rule }
        let reachedObject = try JSONObjectReader(try reader.required("reached"), path: "reached")
        milestones = try Milestone.allCases.map { milestone throws(FaultPlanError) in
            guard let runs = reachedObject.members.first(where: { $0.key == milestone.name })?.value.int64 else {
                throw FaultPlanError("needs the count of \(milestone.name)", at: "reached")
            }
            return MilestoneCount(milestone: milestone, runs: Int(runs))
        }
        let faultObject = try JSONObjectReader(try reader.required("faults"), path: "faults")
        faults = try FaultKind.allCases.map { kind throws(FaultPlanError) in
            guard let item = faultObject.members.first(where: { $0.key == kind.rawValue })?.value else {
                throw FaultPlanError("needs the counts of \(kind.rawValue)", at: "faults")
            }
            var entry = try JSONObjectReader(item, path: "faults.\(kind.rawValue)")
            return FaultCount(kind: kind, injected: Int(try entry.int("injected") ?? 0), effective: Int(try entry.int("effective") ?? 0))
        }
        failures = try (try reader.array("failures") ?? []).enumerated().map { index, item throws(FaultPlanError) in
            try FailureGroup(document: item, path: "failures[\(index)]")
        }
        guard let digestText = try reader.string("digest"), let value = UInt64(digestText, radix: 16) else {
            throw FaultPlanError("needs \"digest\", 16 hexadecimal digits", at: "digest")
        }
        digest = value
        try reader.finish()
    }

    /// The JSON document of several results: what `bgsim fuzz --format json` prints and `--output` writes.
    package static func document(_ results: [CampaignResult], tool: String) -> JSONValue {
        .object([
            // The version of bgsim's JSON outputs, as `bgsim run --format json` prints it; `format` is this file's own.
            ("schemaVersion", .int(1)),
            ("format", .int(Int64(currentFormat))),
            ("tool", .string(tool)),
            ("version", .string(BGSimVersion.current)),
            ("campaigns", .array(results.map(\.json))),
            ("foundFailure", .bool(results.contains(where: \.foundFailure))),
        ])
    }

    /// The results in a document ``document(_:tool:)`` wrote; `file` names it in errors.
    package static func campaigns(inDocument text: String, file: String? = nil) throws(FaultPlanError) -> [CampaignResult] {
        try JSONReader.read(text, file: file) { document throws(FaultPlanError) in
            var reader = try JSONObjectReader(document, path: "")
            guard try reader.int("format") == Int64(currentFormat), try reader.string("tool") != nil,
                  let campaigns = try reader.array("campaigns")
            else {
                throw FaultPlanError("not a result file of bgsim fuzz or explore (format \(currentFormat), with \"campaigns\")")
            }
            _ = try reader.string("version")
            _ = reader.optional("foundFailure")
            _ = reader.optional("schemaVersion")
            try reader.finish()
            return try campaigns.map { item throws(FaultPlanError) in try CampaignResult(document: item) }
        }
    }

    /// Combines the results of the shards of one campaign into the result of the whole campaign.
    ///
    /// Counts add up; each signature keeps the group of its lowest first
    /// run, which the shard holding that run shrank exactly as a whole
    /// campaign would have. With every shard present the merged result is
    /// the whole campaign's, byte for byte.
    ///
    /// - Throws: ``FaultPlanError`` when the results are of different
    ///   campaigns, repeat a shard, or are not shards.
    public static func merged(_ parts: [CampaignResult]) throws(FaultPlanError) -> CampaignResult {
        guard let first = parts.first else { throw FaultPlanError("nothing to merge") }
        var shards: [Int] = []
        for part in parts {
            guard let shard = part.shard else {
                throw FaultPlanError("the result of \(part.scenario) covers a whole campaign, not a shard; merge the files --shard wrote")
            }
            guard part.mode == first.mode, part.scenario == first.scenario, part.settings == first.settings,
                  part.failOn == first.failOn, shard.count == first.shard?.count
            else {
                throw FaultPlanError(
                    "shard \(shard) is of another campaign (scenario, settings, --fail-on or shard count differ from shard \(first.shard!))")
            }
            guard !shards.contains(shard.index) else { throw FaultPlanError("shard \(shard) is given twice") }
            shards.append(shard.index)
        }
        let count = first.shard!.count
        var merged = first
        // All shards: the whole campaign. Some: still a part, of which the count says how many there are.
        merged.shard = shards.count == count ? nil : first.shard
        merged.runs = parts.reduce(0) { $0 + $1.runs }
        merged.passed = parts.reduce(0) { $0 + $1.passed }
        merged.failed = parts.reduce(0) { $0 + $1.failed }
        merged.stoppedEarly = parts.contains { $0.stoppedEarly }
        merged.digest = parts.reduce(0) { $0 &+ $1.digest }
        var ruleRuns: [String: Int] = [:]
        for part in parts { for rule in part.rules { ruleRuns[rule.rule, default: 0] += rule.runs } }
        merged.rules = Rules.all.compactMap { rule in ruleRuns[rule.id].map { RuleCount(rule: rule.id, runs: $0) } }
        merged.milestones = Milestone.allCases.map { milestone in
            MilestoneCount(milestone: milestone, runs: parts.reduce(0) { $0 + $1.milestones[milestone.rawValue].runs })
        }
        merged.faults = FaultKind.allCases.enumerated().map { index, kind in
            FaultCount(
                kind: kind, injected: parts.reduce(0) { $0 + $1.faults[index].injected },
                effective: parts.reduce(0) { $0 + $1.faults[index].effective })
        }
        var groups: [FailureGroup] = []
        for group in parts.flatMap(\.failures) {
            if let index = groups.firstIndex(where: { $0.signature == group.signature }) {
                var kept = group.firstRun < groups[index].firstRun ? group : groups[index]
                kept.count = groups[index].count + group.count
                groups[index] = kept
            } else {
                groups.append(group)
            }
        }
        merged.failures = groups.sorted { $0.signature < $1.signature }
        return merged
    }
}

extension CampaignSettings {
    var json: JSONValue {
        .object([
            ("seed", .string(String(seed))),
            ("runs", .int(Int64(runs))),
            ("kinds", .array(kinds.map { .string($0.rawValue) })),
            ("timelineJitter", .string(DurationText.exact(timelineJitter))),
            ("maximumFaults", .int(Int64(maximumFaults))),
            ("shrinks", .bool(shrinks)),
            ("shrinkAttempts", .int(Int64(shrinkAttempts))),
        ])
    }

    init(document: JSONValue) throws(FaultPlanError) {
        var reader = try JSONObjectReader(document, path: "settings")
        guard let seedText = try reader.string("seed"), let seed = UInt64(seedText),
              let runs = try reader.int("runs"), let jitterText = try reader.string("timelineJitter"),
              let jitter = try? TimeText.duration(jitterText), let maximumFaults = try reader.int("maximumFaults"),
              case .bool(let shrinks)? = reader.optional("shrinks")?.content, let attempts = try reader.int("shrinkAttempts")
        else {
            throw FaultPlanError("needs seed, runs, kinds, timelineJitter, maximumFaults, shrinks and shrinkAttempts", at: "settings")
        }
        var kinds: [FaultKind] = []
        for (index, item) in (try reader.array("kinds") ?? []).enumerated() {
            guard let name = item.string, let kind = FaultKind(rawValue: name) else {
                throw FaultPlanError("not a kind of fault", at: "settings.kinds[\(index)]")
            }
            kinds.append(kind)
        }
        try reader.finish()
        self.init(
            seed: seed, runs: Int(runs), kinds: kinds, timelineJitter: jitter, maximumFaults: Int(maximumFaults),
            shrinks: shrinks, shrinkAttempts: Int(attempts))
    }
}

extension FailureGroup {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("signature", .string(signature.description)),
            ("summary", .string(signature.summary)),
            ("count", .int(Int64(count))),
            ("firstRun", .int(Int64(firstRun))),
            ("plan", plan.json),
            ("fingerprint", .string(fingerprint)),
        ]
        if let shrunk {
            members.append(("shrunk", .object([
                ("plan", shrunk.plan.json),
                ("faults", .int(Int64(shrunk.plan.faultCount))),
                ("steps", .array(shrunk.steps.map { .string($0) })),
                ("attempts", .int(Int64(shrunk.attempts))),
                ("fingerprint", .string(shrunk.fingerprint)),
                ("traceEvents", .int(Int64(shrunk.eventCount))),
            ])))
        }
        return .object(members)
    }

    init(document: JSONValue, path: String) throws(FaultPlanError) {
        var reader = try JSONObjectReader(document, path: path)
        guard let text = try reader.string("signature"), let signature = FailureSignature(text: text),
              let count = try reader.int("count"), let first = try reader.int("firstRun"),
              let fingerprint = try reader.string("fingerprint"), Self.isFingerprint(fingerprint)
        else {
            throw JSONObjectReader.error("needs signature, count, firstRun, plan and fingerprint", path: path, at: reader.position)
        }
        _ = reader.optional("summary")
        let plan = try FaultPlan(document: try reader.required("plan"))
        var shrunk: ShrunkFailure?
        if let item = reader.optional("shrunk") {
            var entry = try JSONObjectReader(item, path: path + ".shrunk")
            let shrunkPlan = try FaultPlan(document: try entry.required("plan"))
            _ = entry.optional("faults")
            var steps: [String] = []
            for step in try entry.array("steps") ?? [] {
                guard let line = step.string else { throw FaultPlanError("a step is text", at: path + ".shrunk.steps") }
                steps.append(line)
            }
            guard let attempts = try entry.int("attempts"), let shrunkFingerprint = try entry.string("fingerprint"),
                  Self.isFingerprint(shrunkFingerprint), let events = try entry.int("traceEvents")
            else {
                throw FaultPlanError("needs plan, steps, attempts, fingerprint and traceEvents", at: path + ".shrunk")
            }
            try entry.finish()
            shrunk = ShrunkFailure(
                plan: shrunkPlan, steps: steps, attempts: Int(attempts), fingerprint: shrunkFingerprint, eventCount: Int(events))
        }
        try reader.finish()
        self.init(signature: signature, count: Int(count), firstRun: Int(first), plan: plan, fingerprint: fingerprint, shrunk: shrunk)
    }

    /// Whether `text` is a fingerprint as traces write it: sixteen lowercase hexadecimal digits.
    static func isFingerprint(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

