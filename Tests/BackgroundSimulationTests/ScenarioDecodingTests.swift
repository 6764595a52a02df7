import BackgroundSimulation
import PlatformLookalikes
@testable import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// Scenario files: what decodes, and how each mistake is reported (file, place, message).
@Suite struct ScenarioDecodingTests {
    /// A correct scenario that tests break one piece at a time.
    static let valid = """
        {
          "format": 1,
          "name": "decoding",
          "stopAt": "10m",
          "app": {
            "bundleIdentifier": "com.example.notes",
            "handlers": { "didEnterBackground": "saveDraft" },
            "actions": {
              "saveDraft": [
                { "step": "beginBackgroundTask", "id": "saveTask", "onExpiration": "endTask" },
                { "step": "save", "checkpoint": "draft" },
                { "step": "endBackgroundTask", "id": "saveTask" }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "30s", "action": "goHome" }
          ]
        }
        """

    /// The valid scenario with `original` replaced by `replacement` (which must be there).
    static func variant(_ original: String, _ replacement: String) -> String {
        precondition(valid.contains(original), "the base scenario has no \(original)")
        return valid.replacingOccurrences(of: original, with: replacement)
    }

    /// The error decoding `json` throws, or nil if it decodes.
    static func failure(_ json: String, file: String = "x.json") -> ScenarioError? {
        do {
            _ = try Scenario.decode(Data(json.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    // MARK: What decodes

    @Test func theBaseScenarioDecodes() throws {
        let scenario = try Scenario.decode(Data(Self.valid.utf8), file: "x.json")
        #expect(scenario.name == "decoding")
        #expect(scenario.seed == 1)
        #expect(scenario.profile == PlatformProfile(.iOS26))
        #expect(scenario.stopAt == .seconds(600))
        #expect(scenario.app.bundleIdentifier == "com.example.notes")
        #expect(scenario.app.action(for: .didEnterBackground) == "saveDraft")
        #expect(scenario.app.actions["saveDraft"] == [
            .beginBackgroundTask(variable: "saveTask", name: nil, onExpiration: .steps([.endBackgroundTask(variable: nil)])),
            .save(checkpoint: "draft", duration: .zero),
            .endBackgroundTask(variable: "saveTask"),
        ])
        #expect(scenario.timeline == [at(0, .launch), at(30, .goHome)])
        #expect(!scenario.startsLocked)
    }

    @Test func decodedAndSwiftBuiltScenariosAreEqual() throws {
        let json = """
            {"format": 1, "name": "same", "seed": 9, "profile": "iOS17", "overrides": {"backgroundTimeBudget": "180s"},
             "stopAt": "2m", "device": {"locked": true},
             "app": {"bundleIdentifier": "com.example.same", "actions": {"edit": [{"step": "work", "duration": "1.5s", "jitter": "250ms"}]}},
             "timeline": [{"at": "1s", "action": "unlock"}, {"at": "2s", "action": "launch"}, {"at": "3s", "action": "tap", "run": "edit"}],
             "expect": {"diagnostics": [], "terminations": [], "finalState": "foregroundActive"}}
            """
        let decoded = try Scenario.decode(Data(json.utf8), file: "same.json")
        let built = Scenario(
            name: "same", seed: 9, profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]), stopAt: .seconds(120),
            app: AppDefinition(bundleIdentifier: "com.example.same", actions: [
                "edit": [.work(duration: seconds(1.5), jitter: milliseconds(250), changesState: true)],
            ]),
            startsLocked: true,
            timeline: [at(1, .unlock), at(2, .launch), at(3, .tap(action: "edit"))],
            expectations: Expectations(diagnostics: [], terminations: [], finalState: .foregroundActive))
        #expect(decoded == built)
        #expect(Simulation(scenario: decoded).run().fingerprint == Simulation(scenario: built).run().fingerprint)
    }

    @Test func expirationShorthandsDecodeToSteps() throws {
        func behaviour(_ onExpiration: String) throws -> ExpirationBehavior? {
            let json = Self.variant("\"onExpiration\": \"endTask\"", "\"onExpiration\": \(onExpiration)")
            let scenario = try Scenario.decode(Data(json.utf8), file: "x.json")
            guard case .backgroundTime(.beginBackgroundTask(_, _, let behaviour)) = scenario.app.actions["saveDraft"]?.first else { return nil }
            return behaviour
        }
        #expect(try behaviour("\"endTask\"") == .steps([.endBackgroundTask(variable: nil)]))
        #expect(try behaviour("\"endTaskAsync\"") == .steps([.dispatchMain(delay: .zero, steps: [.endBackgroundTask(variable: nil)])]))
        #expect(try behaviour("\"doNothing\"") == .steps([]))
        #expect(try behaviour("\"noHandler\"") == .noHandler)
        #expect(try behaviour("{\"endTaskAfter\": \"2s\"}")
            == .steps([.work(duration: seconds(2), jitter: .zero, changesState: false), .endBackgroundTask(variable: nil)]))
        #expect(try behaviour("[{\"step\": \"log\", \"message\": \"bye\"}]") == .steps([.log("bye")]))
    }

    @Test func leavingOutOnExpirationMeansNoHandler() throws {
        let json = Self.variant(", \"onExpiration\": \"endTask\"", "")
        let scenario = try Scenario.decode(Data(json.utf8), file: "x.json")
        #expect(scenario.app.actions["saveDraft"]?.first
            == .beginBackgroundTask(variable: "saveTask", name: nil, onExpiration: .noHandler))
    }

    @Test func everySampleScenarioDecodesAndMeetsItsExpectations() throws {
        let folder = packageRoot.appendingPathComponent("Scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 3)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let scenario = try Scenario.load(from: path)
            #expect(scenario.name + ".json" == name)
            let result = Simulation(scenario: scenario).run()
            let failed = result.expectations.filter { !$0.passed }.map { "\($0.expectation) (was \($0.actual))" }
            let passed = result.passed
            #expect(passed, "\(name): ending \(result.ending), failed: \(failed)")
            #expect(!result.expectations.isEmpty, "\(name) states what it expects")
        }
    }

    @Test func loadingAMissingFileSaysSo() {
        #expect(throws: ScenarioError(file: "nope/none.json", location: "", message: "cannot read the file (no such file)")) {
            try Scenario.load(from: "nope/none.json")
        }
    }

    // MARK: Malformed JSON: line and column

    @Test func missingCommaInsideALine() throws {
        let json = "{\n  \"format\": 1,\n  \"name\": \"x\" \"stopAt\": \"1m\"\n}"
        let error = try #require(Self.failure(json))
        #expect(error.location == "line 3, column 15")
        #expect(error.description == "x.json: line 3, column 15: expected ',' or '}' after the value of \"name\"")
    }

    @Test func missingCommaAtTheEndOfALine() throws {
        let json = Self.variant("\"stopAt\": \"10m\",", "\"stopAt\": \"10m\"")
        // The comma is missing at the end of line 4; the parser finds out at the next key, on line 5.
        let error = try #require(Self.failure(json))
        #expect(error.description == "x.json: line 5, column 3: expected ',' or '}' after the value of \"stopAt\"")
        let short = "{\n  \"format\": 1,\n  \"name\": \"x\"\n  \"stopAt\": \"1m\"\n}"
        #expect(Self.failure(short)?.location == "line 4, column 3")
    }

    @Test func trailingCommas() {
        #expect(Self.failure("{\n  \"format\": 1,\n  \"timeline\": [ 1, 2, ]\n}")?.description
            == "x.json: line 3, column 23: trailing comma before ']'")
        #expect(Self.failure("{\"format\": 1,}")?.description == "x.json: line 1, column 14: trailing comma before '}'")
        let json = Self.variant("{ \"at\": \"30s\", \"action\": \"goHome\" }", "{ \"at\": \"30s\", \"action\": \"goHome\" },")
        #expect(Self.failure(json)?.description == "x.json: line 19, column 3: trailing comma before ']'")
    }

    @Test func duplicateKeys() {
        #expect(Self.failure("{\n  \"format\": 1,\n  \"name\": \"a\",\n  \"name\": \"b\"\n}")?.description
            == "x.json: line 4, column 3: duplicate key \"name\"")
        let json = Self.variant("\"bundleIdentifier\": \"com.example.notes\",",
                                "\"bundleIdentifier\": \"com.example.notes\", \"bundleIdentifier\": \"b\",")
        #expect(Self.failure(json)?.description == "x.json: line 6, column 46: duplicate key \"bundleIdentifier\" in app")
    }

    @Test func otherSyntaxErrors() {
        #expect(Self.failure("")?.description == "x.json: line 1, column 1: the file is empty; a scenario is a JSON object")
        #expect(Self.failure("{\"format\": 1")?.message == "unexpected end of file; an object is not closed with '}'")
        #expect(Self.failure("{\"name\": nope}")?.description
            == "x.json: line 1, column 11: unexpected text; expected null (strings need double quotes)")
        #expect(Self.failure("{\"format\": 01}")?.message == "numbers may not have leading zeros")
        #expect(Self.failure("{} {}")?.message == "unexpected text after the end of the JSON value")
    }

    @Test func theFileNameIsTheOneGiven() {
        #expect(Self.failure("{,}", file: "Scenarios/broken.json")?.description
            == "Scenarios/broken.json: line 1, column 2: expected a key in double quotes")
    }

    // MARK: Unknown names, with suggestions

    @Test func unknownTopLevelKeySuggestsTheRightOne() {
        let error = Self.failure(Self.variant("\"timeline\"", "\"timline\""))
        #expect(error?.location == "timline")
        #expect(error?.message == "unknown key \"timline\" (did you mean \"timeline\"?)")
        #expect(error?.description == "x.json: timline: unknown key \"timline\" (did you mean \"timeline\"?)")
    }

    @Test func unknownActionSuggestsSwipeAway() {
        let json = Self.variant("{ \"at\": \"30s\", \"action\": \"goHome\" }",
                                "{ \"at\": \"30s\", \"action\": \"goHome\" }, { \"at\": \"40s\", \"action\": \"swipe\" }")
        let error = Self.failure(json)
        #expect(error?.location == "timeline[2].action")
        #expect(error?.message == "unknown action \"swipe\" (did you mean \"swipeAway\"?)")
    }

    @Test func unknownStepSuggestsTheRightOne() {
        let error = Self.failure(Self.variant("\"step\": \"save\"", "\"step\": \"sav\""))
        #expect(error?.location == "app.actions.saveDraft[1].step")
        #expect(error?.message == "unknown step \"sav\" (did you mean \"save\"?)")
    }

    @Test func unknownKeyInAStep() {
        let error = Self.failure(Self.variant("\"checkpoint\": \"draft\"", "\"checkpont\": \"draft\""))
        #expect(error?.description
            == "x.json: app.actions.saveDraft[1].checkpont: unknown key \"checkpont\" (did you mean \"checkpoint\"?)")
    }

    @Test func unknownProfileSuggestsTheNearestVersion() {
        let error = Self.failure(Self.variant("\"stopAt\"", "\"profile\": \"iOS18\", \"stopAt\""))
        #expect(error?.description == "x.json: profile: unknown profile \"iOS18\" (did you mean \"iOS17\"?)")
    }

    @Test func unknownOverrideSuggestsTheParameter() {
        let error = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"backgroundTimeBuget\": \"180s\"}, \"stopAt\""))
        #expect(error?.description
            == "x.json: overrides.backgroundTimeBuget: unknown key \"backgroundTimeBuget\" (did you mean \"backgroundTimeBudget\"?)")
    }

    @Test func overridesMustKeepTheLeadWithinTheBudget() {
        let error = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"expirationLead\": \"40s\"}, \"stopAt\""))
        #expect(error?.description == "x.json: overrides: expirationLead must not exceed backgroundTimeBudget")
    }

    @Test func countParametersAreWholeNumbersAndDurationsStayDurations() throws {
        let json = Self.variant("\"stopAt\"", "\"overrides\": {\"continuedProcessingConcurrency\": 3, \"continuedProgressStallLimit\": \"45s\"}, \"stopAt\"")
        let scenario = try Scenario.decode(Data(json.utf8), file: "x.json")
        #expect(scenario.profile.continuedProcessingConcurrency == 3)
        #expect(scenario.profile.continuedProgressStallLimit == seconds(45))
        let written = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"continuedProcessingConcurrency\": \"3s\"}, \"stopAt\""))
        #expect(written?.location == "overrides.continuedProcessingConcurrency")
        let negative = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"continuedProcessingConcurrency\": -1}, \"stopAt\""))
        #expect(negative?.description == "x.json: overrides.continuedProcessingConcurrency: continuedProcessingConcurrency is a whole number from 0 to 1000, got -1")
        let unitless = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"continuedProgressStallLimit\": 30}, \"stopAt\""))
        #expect(unitless?.location == "overrides.continuedProgressStallLimit")
    }

    @Test func theProgressSampleIntervalMustBePositive() {
        let error = Self.failure(Self.variant("\"stopAt\"", "\"overrides\": {\"continuedProgressSampleInterval\": \"0s\"}, \"stopAt\""))
        #expect(error?.description == "x.json: overrides.continuedProgressSampleInterval: continuedProgressSampleInterval must be longer than 0s")
    }

    @Test func unknownRuleInExpectations() {
        let error = Self.failure(Self.variant("\"timeline\"", "\"expect\": {\"diagnostics\": [\"BGS001\", \"BGS01\"]}, \"timeline\""))
        #expect(error?.location == "expect.diagnostics[1]")
        #expect(error?.message == "unknown rule \"BGS01\" (did you mean \"BGS001\"?); `bgsim rules` lists them")
    }

    @Test func unknownTerminationReasonInExpectations() {
        let error = Self.failure(Self.variant("\"timeline\"", "\"expect\": {\"terminations\": [\"swipedAway\"]}, \"timeline\""))
        #expect(error?.description
            == "x.json: expect.terminations[0]: unknown termination reason \"swipedAway\" (did you mean \"userSwipedAway\"?)")
    }

    // MARK: Durations

    @Test func negativeDuration() {
        let error = Self.failure(Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": \"-5s\""))
        #expect(error?.location == "stopAt")
        #expect(error?.message == "\"-5s\" is negative; durations and instants are never negative")
    }

    @Test func durationOverTenYears() {
        let error = Self.failure(Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": \"4000d\""))
        #expect(error?.description == "x.json: stopAt: \"4000d\" is over ten years; no scenario needs that long (was a unit wrong?)")
    }

    @Test func durationWithoutAUnit() {
        let error = Self.failure(Self.variant("\"at\": \"30s\"", "\"at\": \"30\""))
        #expect(error?.location == "timeline[1].at")
        #expect(error?.message == "\"30\" is not a duration (write for example \"5s\", \"250ms\", \"2m\", \"1h30m\")")
        let number = Self.failure(Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": 600"))
        #expect(number?.location == "stopAt")
        #expect(number?.message.hasPrefix("expected a string") == true)
    }

    @Test func durationWithAnUnknownUnit() {
        let error = Self.failure(Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": \"10min\""))
        #expect(error?.message == "\"10min\" has an unknown unit (use ns, us, ms, s, m, h, d or w)")
    }

    @Test func zeroStopAt() {
        let error = Self.failure(Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": \"0s\""))
        #expect(error?.description == "x.json: stopAt: stopAt must be after the start; write for example \"10m\"")
    }

    // MARK: Missing fields

    @Test(arguments: [
        (removing: "\"stopAt\": \"10m\",", location: "stopAt"),
        (removing: "\"name\": \"decoding\",", location: "name"),
        (removing: "\"bundleIdentifier\": \"com.example.notes\",", location: "app.bundleIdentifier"),
        (removing: "\"format\": 1,", location: "format"),
    ])
    func missingRequiredField(removing: String, location: String) {
        let error = Self.failure(Self.variant(removing, ""))
        let key = location.split(separator: ".").last.map(String.init) ?? location
        #expect(error?.location == location)
        #expect(error?.message == "missing required key \"\(key)\"")
        #expect(error?.description == "x.json: \(location): missing required key \"\(key)\"")
    }

    @Test func missingStepField() {
        let error = Self.failure(Self.variant("\"step\": \"save\", \"checkpoint\": \"draft\"", "\"step\": \"save\""))
        #expect(error?.description == "x.json: app.actions.saveDraft[1].checkpoint: missing required key \"checkpoint\"")
    }

    @Test func badBundleIdentifier() {
        let error = Self.failure(Self.variant("\"com.example.notes\"", "\"my notes\""))
        #expect(error?.location == "app.bundleIdentifier")
        #expect(error?.message == "\"my notes\" is not a bundle identifier (write for example \"com.example.notes\")")
    }

    // MARK: The timeline

    @Test func timelineOutOfOrder() {
        let json = Self.variant("{ \"at\": \"30s\", \"action\": \"goHome\" }",
                                "{ \"at\": \"30s\", \"action\": \"goHome\" }, { \"at\": \"10s\", \"action\": \"returnToApp\" }")
        let error = Self.failure(json)
        #expect(error?.description == "x.json: timeline[2].at: 10s is earlier than the entry before it; keep the timeline in time order")
    }

    @Test func timelineAfterStopAt() {
        let json = Self.variant("\"stopAt\": \"10m\"", "\"stopAt\": \"1m\"")
            .replacingOccurrences(of: "\"at\": \"30s\"", with: "\"at\": \"2m\"")
        let error = Self.failure(json)
        #expect(error?.description == "x.json: timeline[1].at: 2m is after stopAt (1m); it would never happen")
    }

    @Test func tapOfAMissingAction() {
        let json = Self.variant("{ \"at\": \"30s\", \"action\": \"goHome\" }",
                                "{ \"at\": \"30s\", \"action\": \"tap\", \"run\": \"saveDraf\" }")
        #expect(Self.failure(json)?.description
            == "x.json: timeline[1].run: no action named \"saveDraf\" in app.actions (did you mean \"saveDraft\"?)")
        let withoutRun = Self.variant("{ \"at\": \"30s\", \"action\": \"goHome\" }", "{ \"at\": \"30s\", \"action\": \"tap\" }")
        #expect(Self.failure(withoutRun)?.location == "timeline[1].run")
    }

    @Test func runIsOnlyForTaps() {
        let json = Self.variant("\"action\": \"goHome\"", "\"action\": \"goHome\", \"run\": \"saveDraft\"")
        #expect(Self.failure(json)?.description == "x.json: timeline[1].run: unknown key \"run\"")
    }

    // MARK: References between parts

    @Test func handlerNamingAMissingAction() {
        let error = Self.failure(Self.variant("\"didEnterBackground\": \"saveDraft\"", "\"didEnterBackground\": \"saveDraf\""))
        #expect(error?.location == "app.handlers.didEnterBackground")
        #expect(error?.message == "no action named \"saveDraf\" in app.actions (did you mean \"saveDraft\"?)")
    }

    @Test func unknownCallbackName() {
        let error = Self.failure(Self.variant("\"didEnterBackground\": \"saveDraft\"", "\"didEnterBackgrond\": \"saveDraft\""))
        #expect(error?.description
            == "x.json: app.handlers.didEnterBackgrond: unknown key \"didEnterBackgrond\" (did you mean \"didEnterBackground\"?)")
    }

    @Test func endBackgroundTaskWithoutIDOutsideAnExpirationHandler() {
        let error = Self.failure(Self.variant("{ \"step\": \"endBackgroundTask\", \"id\": \"saveTask\" }", "{ \"step\": \"endBackgroundTask\" }"))
        #expect(error?.location == "app.actions.saveDraft[2]")
        #expect(error?.message
            == "endBackgroundTask needs an \"id\" outside an expiration handler (the variable the identifier was stored in)")
        // Nested in async steps, the rule still applies.
        let nested = Self.variant("{ \"step\": \"endBackgroundTask\", \"id\": \"saveTask\" }",
                                  "{ \"step\": \"async\", \"steps\": [{ \"step\": \"endBackgroundTask\" }] }")
        #expect(Self.failure(nested)?.location == "app.actions.saveDraft[2].steps[0]")
        // Inside an expiration handler it means "my own task".
        let inHandler = Self.variant("\"onExpiration\": \"endTask\"", "\"onExpiration\": [{ \"step\": \"endBackgroundTask\" }]")
        #expect(Self.failure(inHandler) == nil)
    }

    @Test func performOfAMissingAction() {
        let error = Self.failure(Self.variant("{ \"step\": \"save\", \"checkpoint\": \"draft\" }",
                                              "{ \"step\": \"perform\", \"action\": \"saveDraf\" }"))
        #expect(error?.description
            == "x.json: app.actions.saveDraft[1].action: no action named \"saveDraf\" in app.actions (did you mean \"saveDraft\"?)")
    }

    @Test func actionsPerformingEachOtherInALoop() {
        let json = Self.variant("\"actions\": {", """
            "actions": {
              "a": [{ "step": "perform", "action": "b" }],
              "b": [{ "step": "repeat", "count": 2, "steps": [{ "step": "perform", "action": "a" }] }],
            """)
        let error = Self.failure(json)
        #expect(error?.location == "app.actions.a")
        #expect(error?.message == "actions perform each other in a loop: a -> b -> a")
    }

    @Test func anActionPerformingItself() {
        let error = Self.failure(Self.variant("{ \"step\": \"save\", \"checkpoint\": \"draft\" }",
                                              "{ \"step\": \"perform\", \"action\": \"saveDraft\" }"))
        #expect(error?.description == "x.json: app.actions.saveDraft: actions perform each other in a loop: saveDraft -> saveDraft")
    }

    @Test func repeatCountOutOfRange() {
        let error = Self.failure(Self.variant("{ \"step\": \"save\", \"checkpoint\": \"draft\" }",
                                              "{ \"step\": \"repeat\", \"count\": -1, \"steps\": [] }"))
        #expect(error?.description == "x.json: app.actions.saveDraft[1].count: count must be between 0 and 1000000, got -1")
    }

    @Test func unknownBackgroundMode() {
        let error = Self.failure(Self.variant("\"handlers\"", "\"infoPlist\": {\"UIBackgroundModes\": [\"fetch\", \"procesing\"]}, \"handlers\""))
        #expect(error?.description
            == "x.json: app.infoPlist.UIBackgroundModes[1]: unknown background mode \"procesing\" (did you mean \"processing\"?)")
    }

    @Test func unknownExpirationShorthand() {
        let error = Self.failure(Self.variant("\"onExpiration\": \"endTask\"", "\"onExpiration\": \"endTsk\""))
        #expect(error?.location == "app.actions.saveDraft[0].onExpiration")
        #expect(error?.message.hasPrefix("unknown expiration behaviour \"endTsk\" (did you mean \"endTask\"?)") == true)
    }

    // MARK: The format version

    @Test func wrongFormatVersion() {
        let error = Self.failure(Self.variant("\"format\": 1", "\"format\": 2"))
        #expect(error?.description == "x.json: format: format 2 is not supported; this bgsim reads format 1")
        #expect(ScenarioError.exitCode == 65)
    }
}
