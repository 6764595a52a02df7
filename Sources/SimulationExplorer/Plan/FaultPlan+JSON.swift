import Foundation
import SimulationKernel
import SimulationModel
import SimulationSupport

extension FaultPlan {
    /// The plan file format version this build writes and reads.
    package static let currentFormat = 1

    /// The plan as a JSON document: keys sorted, durations as exact text, seeds as decimal strings; empty parts left out.
    ///
    /// Seeds are strings because they use all 64 bits, more than a JSON
    /// number keeps exactly in many tools.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("format", .int(Int64(Self.currentFormat)))]
        if let scenario { members.append(("scenario", .string(scenario))) }
        if let seed { members.append(("seed", .string(String(seed)))) }
        if !faults.isEmpty {
            members.append(("faults", .array(faults.map { fault in
                var entry: [(String, JSONValue)] = [("at", .string(DurationText.exact(fault.at))), ("fault", .string(fault.kind.rawValue))]
                if let identifier = fault.identifier { entry.append(("identifier", .string(identifier))) }
                return .object(entry)
            })))
        }
        if !shifts.isEmpty {
            members.append(("timeline", .array(shifts.map {
                .object([("entry", .int(Int64($0.entry))), ("by", .string(DurationText.signed($0.by)))])
            })))
        }
        if !parameters.isEmpty {
            members.append(("parameters", .object(parameters.map { parameter in
                let info = PlatformProfile.info(parameter.key)
                let value: JSONValue = switch info.unit {
                case .count: .int(parameter.value)
                case .duration: .string(DurationText.exact(parameter.value))
                case .choice: .string(info.choices[Int(clamping: parameter.value)])
                case .flag: .bool(parameter.value != 0)
                }
                return (parameter.key.rawValue, value)
            })))
        }
        if !choices.isEmpty {
            members.append(("choices", .array(choices.map { choice in
                var entry: [(String, JSONValue)] = [("label", .string(choice.name))]
                if let subject = choice.subject { entry.append(("subject", .int(subject))) }
                if let occurrence = choice.occurrence { entry.append(("occurrence", .int(Int64(occurrence)))) }
                switch choice.value {
                case .max, .min: entry.append(("value", .string(choice.valueText)))
                default: entry.append(("value", .int(choice.value)))
                }
                return .object(entry)
            })))
        }
        switch ordering {
        case .fifo: break
        case .seeded(let seed): members.append(("ordering", .object([("seed", .string(String(seed)))])))
        case .answers(let list):
            members.append(("ordering", .object([("answers", .array(list.map { .int(Int64($0)) }))])))
        case .deviations(let list):
            members.append(("ordering", .object([("deviations", .array(list.map {
                var entry: [(String, JSONValue)] = [("run", .string($0.run)), ("before", .string($0.before))]
                if $0.occurrence > 0 { entry.append(("occurrence", .int(Int64($0.occurrence)))) }
                return .object(entry)
            }))])))
        }
        return .object(members)
    }

    /// The plan on one line, as a replay command embeds it.
    public var compactJSON: String { json.rendered(indent: 0) }

    /// Reads a plan from its JSON text; `file` names it in errors.
    public init(json text: String, file: String? = nil) throws(FaultPlanError) {
        self = try JSONReader.read(text, file: file) { document throws(FaultPlanError) in try FaultPlan(document: document) }
    }

    /// Reads a plan file.
    public init(contentsOfFile path: String) throws(FaultPlanError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FaultPlanError("cannot read the file", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FaultPlanError("the file is not UTF-8 text", file: path)
        }
        try self.init(json: text, file: path)
    }

    init(document: JSONValue) throws(FaultPlanError) {
        var reader = try JSONObjectReader(document, path: "")
        let format = try reader.int("format")
        guard let format else { throw JSONObjectReader.error("the key \"format\" is missing (write \"format\": 1)", path: "", at: reader.position) }
        guard format == Int64(Self.currentFormat) else {
            throw FaultPlanError("format \(format) is not supported; this bgsim reads format \(Self.currentFormat)", at: "format")
        }
        self.init()
        scenario = try reader.string("scenario")
        seed = try Self.seed(reader.optional("seed"), path: "seed")
        for (index, item) in (try reader.array("faults") ?? []).enumerated() {
            faults.append(try Self.fault(item, path: "faults[\(index)]"))
        }
        for (index, item) in (try reader.array("timeline") ?? []).enumerated() {
            let path = "timeline[\(index)]"
            var entry = try JSONObjectReader(item, path: path)
            guard let number = try entry.int("entry"), number >= 0, number <= Int64(Int32.max) else {
                throw JSONObjectReader.error("needs \"entry\": the index of a timeline entry, from 0", path: path, at: item.position)
            }
            guard let by = try entry.located("by") else {
                throw JSONObjectReader.error("needs \"by\": how far the entry moves, such as \"-300ms\"", path: path, at: item.position)
            }
            let shift = try Self.duration(by.text, signed: true, path: path + ".by", at: by.position)
            try entry.finish()
            shifts.append(TimelineShift(entry: Int(number), by: .nanoseconds(shift)))
        }
        if let item = reader.optional("parameters") {
            let object = try JSONObjectReader(item, path: "parameters")
            for member in object.members {
                let path = "parameters.\(member.key)"
                guard let key = PlatformProfile.Key(rawValue: member.key) else {
                    throw JSONObjectReader.error(
                        "unknown parameter\(Suggestion.hint(for: member.key, among: PlatformProfile.Key.allCases.map(\.rawValue)))",
                        path: path, at: member.value.position)
                }
                let value: Int64
                let info = PlatformProfile.info(key)
                let position = member.value.position
                switch (info.unit, member.value.content, member.value.int64) {
                case (.count, _, let number?): value = number
                case (.duration, .string(let text), _): value = try Self.duration(text, signed: false, path: path, at: position)
                case (.choice, .string(let name), _):
                    guard let index = info.choices.firstIndex(of: name) else {
                        throw JSONObjectReader.error(
                            "must be one of " + info.choices.map { "\"\($0)\"" }.joined(separator: ", ")
                                + Suggestion.hint(for: name, among: info.choices), path: path, at: position)
                    }
                    value = Int64(index)
                case (.flag, .bool(let flag), _): value = flag ? 1 : 0
                case (.count, _, _): throw JSONObjectReader.error("must be a whole number, not \(member.value.kindName)", path: path, at: position)
                case (.duration, _, _): throw JSONObjectReader.error("must be a duration such as \"30s\", not \(member.value.kindName)", path: path, at: position)
                case (.choice, _, _): throw JSONObjectReader.error("must be the name of a behaviour, not \(member.value.kindName)", path: path, at: position)
                case (.flag, _, _): throw JSONObjectReader.error("must be true or false, not \(member.value.kindName)", path: path, at: position)
                }
                parameters.append(ParameterOverride(key: key, value: value))
            }
            parameters.sort { $0.key.rawValue < $1.key.rawValue }
        }
        for (index, item) in (try reader.array("choices") ?? []).enumerated() {
            choices.append(try Self.choice(item, path: "choices[\(index)]"))
        }
        if let item = reader.optional("ordering") {
            ordering = try Self.ordering(item)
        }
        try reader.finish()
    }

    private static func seed(_ item: JSONValue?, path: String) throws(FaultPlanError) -> UInt64? {
        guard let item else { return nil }
        if let number = item.int64 {
            guard number >= 0 else { throw JSONObjectReader.error("a seed is never negative", path: path, at: item.position) }
            return UInt64(number)
        }
        guard let text = item.string else {
            throw JSONObjectReader.error("must be a seed (a decimal string), not \(item.kindName)", path: path, at: item.position)
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let seed = UInt64(text) else {
            throw JSONObjectReader.error("a seed is a decimal number from 0 to \(UInt64.max), got \"\(text)\"", path: path, at: item.position)
        }
        return seed
    }

    private static func duration(
        _ text: String, signed: Bool, path: String, at position: JSONPosition?
    ) throws(FaultPlanError) -> Int64 {
        do {
            return signed ? try DurationText.parseSigned(text) : try TimeText.parse(text)
        } catch {
            throw JSONObjectReader.error(error.description, path: path, at: position)
        }
    }

    private static func fault(_ item: JSONValue, path: String) throws(FaultPlanError) -> Fault {
        var entry = try JSONObjectReader(item, path: path)
        guard let (name, namePosition) = try entry.located("fault") else {
            throw JSONObjectReader.error("needs \"fault\": what happens, such as \"memoryPressure\"", path: path, at: item.position)
        }
        let timelineKinds = FaultKind.allCases.filter(\.isTimelineEntry)
        guard let kind = FaultKind(rawValue: name), kind.isTimelineEntry else {
            throw JSONObjectReader.error(
                "\"\(name)\" is not a timeline fault\(Suggestion.hint(for: name, among: timelineKinds.map(\.rawValue))); "
                    + "the kinds are \(timelineKinds.map(\.rawValue).joined(separator: ", "))",
                path: path + ".fault", at: namePosition)
        }
        guard let at = try entry.located("at") else {
            throw JSONObjectReader.error("needs \"at\": when it happens, such as \"31s\"", path: path, at: item.position)
        }
        let instant = try duration(at.text, signed: false, path: path + ".at", at: at.position)
        var identifier: String?
        if kind.takesIdentifier {
            identifier = try entry.string("identifier")
            if kind == .expireTask, identifier?.isEmpty ?? true {
                throw JSONObjectReader.error("expireTask needs \"identifier\": the task to expire", path: path, at: item.position)
            }
        }
        try entry.finish()
        return Fault(at: VirtualInstant(nanoseconds: instant), kind: kind, identifier: identifier)
    }

    private static func choice(_ item: JSONValue, path: String) throws(FaultPlanError) -> ChoiceOverride {
        var entry = try JSONObjectReader(item, path: path)
        guard let label = try entry.string("label"), !label.isEmpty else {
            throw JSONObjectReader.error("needs \"label\": the choice point's name, such as \"app.launchJitter\"", path: path, at: item.position)
        }
        let subject = try entry.int("subject")
        let occurrence = try entry.int("occurrence")
        if let occurrence, occurrence < 0 || occurrence > Int64(Int32.max) {
            throw JSONObjectReader.error("an occurrence counts from 0", path: path + ".occurrence", at: item.position)
        }
        let value: Int64
        let item = try entry.required("value")
        switch (item.int64, item.string) {
        case (let number?, _): value = number
        case (_, "max"): value = .max
        case (_, "min"): value = .min
        default:
            throw JSONObjectReader.error("must be a whole number, \"max\" or \"min\"", path: path + ".value", at: item.position)
        }
        try entry.finish()
        return ChoiceOverride(name: label, subject: subject, occurrence: occurrence.map(Int.init), value: value)
    }

    private static func ordering(_ item: JSONValue) throws(FaultPlanError) -> OrderingPlan {
        var reader = try JSONObjectReader(item, path: "ordering")
        let seed = try seed(reader.optional("seed"), path: "ordering.seed")
        let list = try reader.array("deviations")
        let answers = try reader.array("answers")
        try reader.finish()
        switch (seed, list, answers) {
        case (let seed?, nil, nil): return .seeded(seed)
        case (nil, nil, let answers?):
            var result: [Int] = []
            for (index, element) in answers.enumerated() {
                guard let answer = element.int64, answer >= 0, answer <= 1_000_000 else {
                    throw JSONObjectReader.error(
                        "an answer is the index of the event that runs, from 0", path: "ordering.answers[\(index)]", at: element.position)
                }
                result.append(Int(answer))
            }
            return .answers(result)
        case (nil, let list?, nil):
            var deviations: [OrderingDeviation] = []
            for (index, element) in list.enumerated() {
                let path = "ordering.deviations[\(index)]"
                var entry = try JSONObjectReader(element, path: path)
                guard let run = try entry.string("run"), let before = try entry.string("before"), !run.isEmpty, !before.isEmpty else {
                    throw JSONObjectReader.error(
                        "needs \"run\" and \"before\": the labels of the event that runs first and of the one it overtakes",
                        path: path, at: element.position)
                }
                let occurrence = try entry.int("occurrence") ?? 0
                try entry.finish()
                guard occurrence >= 0, occurrence <= Int64(Int32.max) else {
                    throw JSONObjectReader.error("an occurrence counts from 0", path: path + ".occurrence", at: element.position)
                }
                deviations.append(OrderingDeviation(run: run, before: before, occurrence: Int(occurrence)))
            }
            return .deviations(deviations)
        default:
            throw JSONObjectReader.error("needs one of \"seed\", \"deviations\" or \"answers\"", path: "ordering", at: item.position)
        }
    }
}
