import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing
@testable import SimulationExplorer

/// The plan file format: what it writes reads back as the same plan, and bad input says what and where.
@Suite struct FaultPlanJSONTests {
    static let full = FaultPlan(
        scenario: "news", seed: UInt64.max - 3,
        faults: [
            Fault(at: .zero + 31 * second + .nanoseconds(1), kind: .expireTask, identifier: "com.example.news.refresh"),
            Fault(at: .zero + 40 * second, kind: .memoryPressure),
            Fault(at: .zero + 41 * second, kind: .cancelLiveActivity),
        ],
        shifts: [TimelineShift(entry: 1, by: .milliseconds(-300)), TimelineShift(entry: 2, by: .nanoseconds(1))],
        parameters: [ParameterOverride(key: .backgroundTimeBudget, duration: .milliseconds(9_500)), ParameterOverride(key: .continuedProcessingConcurrency, count: 3)],
        choices: [
            ChoiceOverride(name: "app.launchJitter", subject: 2, value: .max),
            ChoiceOverride(name: "app.workJitter", occurrence: 3, value: -7),
            ChoiceOverride(name: "policy.delayDraw", value: .min),
        ],
        ordering: .deviations([OrderingDeviation(run: "liveActivity.sample(1)", before: "app.workDone(1)", occurrence: 2)]))

    @Test func everyPartReadsBackAsWritten() throws {
        for plan in [Self.full, FaultPlan(), FaultPlan(ordering: .seeded(12)), FaultPlan(ordering: .answers([0, 2, 1]))] {
            let pretty = try FaultPlan(json: plan.json.rendered())
            let compact = try FaultPlan(json: plan.compactJSON)
            #expect(pretty == plan)
            #expect(compact == plan)
        }
    }

    @Test func theCompactFormIsOneLineWithSortedKeysAndSeedsAsStrings() {
        let text = FaultPlan(scenario: "s", seed: 7, faults: [Fault(at: .zero + 90 * second, kind: .swipeAway)]).compactJSON
        #expect(text == #"{"faults":[{"at":"1m30s","fault":"swipeAway"}],"format":1,"scenario":"s","seed":"7"}"#)
    }

    @Test func durationsAreExactToTheNanosecond() {
        checkProperty("exact durations read back", Generator<Int64>.int(in: 0...(10 * 365 * 86_400 * second.nanoseconds))) { nanoseconds in
            (try? TimeText.parse(DurationText.exact(nanoseconds))) == nanoseconds
                && (try? DurationText.parseSigned(DurationText.signed(-nanoseconds))) == -nanoseconds
        }
        #expect(DurationText.exact(31 * second + .nanoseconds(1)) == "31.000000001s")
        #expect(DurationText.exact(65 * second + .milliseconds(250)) == "1m5.25s")
        #expect(DurationText.exact(250_000_000) == "250ms")
        #expect(DurationText.exact(0) == "0s")
    }

    @Test("bad plans are refused with where and why", arguments: [
        (#"{"faults": []}"#, "the key \"format\" is missing"),
        (#"{"format": 2}"#, "format 2 is not supported"),
        (#"{"format": 1, "fautls": []}"#, "unknown key \"fautls\""),
        (#"{"format": 1, "faults": [{"at": "3q", "fault": "swipeAway"}]}"#, "faults[0].at"),
        (#"{"format": 1, "faults": [{"at": "3s", "fault": "swipeaway"}]}"#, "did you mean \"swipeAway\""),
        (#"{"format": 1, "faults": [{"at": "3s", "fault": "expireTask"}]}"#, "expireTask needs \"identifier\""),
        (#"{"format": 1, "faults": [{"at": "3s", "fault": "delayedLaunch"}]}"#, "is not a timeline fault"),
        (#"{"format": 1, "seed": -1}"#, "a seed is never negative"),
        (#"{"format": 1, "seed": "12a"}"#, "a seed is a decimal number"),
        (#"{"format": 1, "parameters": {"backgroundTimeBudget": 30}}"#, "must be a duration"),
        (#"{"format": 1, "parameters": {"budget": "30s"}}"#, "unknown parameter"),
        (#"{"format": 1, "choices": [{"label": "x", "value": 1.5}]}"#, "numbers are whole"),
        (#"{"format": 1, "ordering": {}}"#, "needs one of \"seed\", \"deviations\" or \"answers\""),
        (#"{"format": 1, "format": 1}"#, "appears twice"),
        (#"{"format": 1,}"#, "trailing comma"),
        ("[1, 2", "not closed"),
    ])
    func badPlans(text: String, message: String) {
        #expect(throws: FaultPlanError.self) { try FaultPlan(json: text) }
        do {
            _ = try FaultPlan(json: text, file: "plan.json")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.hasPrefix("plan.json"), "\(error.description)")
        }
    }

    @Test func syntaxErrorsGiveTheLineAndColumn() {
        do {
            _ = try FaultPlan(json: "{\n  \"format\": 1,\n  \"seed\": 1e3\n}", file: "p.json")
            Issue.record("a fraction was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 12)
            #expect(error.description.hasPrefix("p.json:3:12: "))
        }
    }
}

/// docs/fuzzing.md shows a plan; it must read as one, and apply to its scenario.
@Suite struct FuzzingDocTests {
    @Test func theDocumentedPlanReadsAndApplies() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/fuzzing.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let plan = try FaultPlan(json: String(text[start.upperBound..<end.lowerBound]))
        #expect(plan.faults.count == 2 && plan.shifts.count == 1 && plan.parameters.count == 2 && plan.choices.count == 1)
        #expect(plan.ordering.deviationCount == 1)
        let target = try sample("refresh-expires-while-saving")
        #expect(try target.outcome(of: plan).fingerprint == target.outcome(of: plan).fingerprint)
    }
}

/// The catalogue of choice points is complete, and docs/fuzzing.md lists it.
@Suite struct ChoiceCatalogueTests {
    @Test func everyChoiceTheSamplesDrawIsCatalogued() throws {
        var drawn: Set<String> = []
        for name in ["feed-refresh-week", "continued-video-export", "refresh-expires-while-saving", "save-on-background"] {
            let target = try sample(name)
            let landmarks = try Landmarks.probe(target)
            drawn.formUnion(landmarks.choiceLabels.map(\.name))
        }
        #expect(!drawn.isEmpty)
        #expect(drawn.filter { ModelChoice(rawValue: $0) == nil } == [])
    }

    @Test func theDocsListEveryChoiceWithItsSubject() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/fuzzing.md"), encoding: .utf8)
        for choice in ModelChoice.allCases {
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(choice.name)` |") }, "\(choice.name)")
            #expect(row.contains(choice.subject == nil ? "| none |" : "| the app process |"))
            #expect(choice.label(subject: 2) == ChoiceLabel(choice.name, subject: 2))
        }
    }
}
