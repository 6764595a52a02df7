import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// The continued processing vocabulary of scenario files: what decodes, and how each mistake is reported.
@Suite struct ContinuedDecodingTests {
    /// A correct continued processing scenario that tests break one piece at a time.
    static let valid = """
        {
          "format": 1,
          "name": "continued",
          "stopAt": "10m",
          "device": { "supportsBackgroundGPU": true },
          "app": {
            "bundleIdentifier": "com.example.video",
            "infoPlist": { "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.export.*"] },
            "entitlements": ["com.apple.developer.background-tasks.continued-processing.gpu"],
            "actions": {
              "export": [
                { "step": "register", "identifier": "com.example.video.export.{n}", "launchHandler": "runExport" },
                { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export.{n}",
                  "title": "Exporting video", "subtitle": "Holiday.mov", "strategy": "fail", "requiredResources": ["gpu"] }
              ],
              "runExport": [
                { "step": "setTaskExpirationHandler", "onExpiration": [
                  { "step": "cancelWork" }, { "step": "removePartialOutput", "output": "Holiday.mov" },
                  { "step": "setTaskCompleted", "success": false } ] },
                { "step": "processUnits", "count": 20, "duration": "3s", "progressEvery": 5, "output": "Holiday.mov" },
                { "step": "updateTitle", "title": "Exported", "subtitle": "Holiday.mov" },
                { "step": "setTaskCompleted", "success": true }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "5s", "action": "tap", "run": "export" },
            { "at": "20s", "action": "goHome" },
            { "at": "40s", "action": "answerPrompt", "answer": "continue" },
            { "at": "50s", "action": "cancelLiveActivity", "identifier": "com.example.video.export.1" },
            { "at": "60s", "action": "resourcePressure" }
          ],
          "expect": { "outputs": { "Holiday.mov": "removed", "other.mov": "none" } }
        }
        """

    static func variant(_ original: String, _ replacement: String) -> String {
        precondition(valid.contains(original), "the base scenario has no \(original)")
        return valid.replacingOccurrences(of: original, with: replacement)
    }

    static func failure(_ json: String) -> ScenarioError? {
        do {
            _ = try Scenario.decode(Data(json.utf8), file: "x.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func theContinuedVocabularyDecodes() throws {
        let scenario = try Scenario.decode(Data(Self.valid.utf8), file: "x.json")
        #expect(scenario.device.supportsBackgroundGPU)
        #expect(scenario.app.entitlements == [AppDefinition.gpuEntitlement])
        #expect(scenario.app.actions["export"]?.last == .submit(TaskRequest(
            identifier: "com.example.video.export.{n}", kind: .continuedProcessing, title: "Exporting video",
            subtitle: "Holiday.mov", strategy: .fail, requiresGPU: true)))
        #expect(scenario.app.actions["runExport"]?[1]
            == .processUnits(UnitWork(count: 20, duration: seconds(3), progress: .every(5), output: "Holiday.mov")))
        #expect(scenario.app.actions["runExport"]?[2] == .updateTitle(title: "Exported", subtitle: "Holiday.mov"))
        #expect(scenario.timeline.map(\.action).suffix(3) == [
            .answerPrompt(identifier: nil, answer: .continue),
            .cancelLiveActivity(identifier: "com.example.video.export.1"), .resourcePressure,
        ])
        #expect(scenario.expectations.outputs == [
            Expectations.OutputExpectation(name: "Holiday.mov", state: "removed"),
            Expectations.OutputExpectation(name: "other.mov", state: "none"),
        ])
    }

    @Test func defaultsOfAContinuedRequestAndOfUnitWork() throws {
        let json = Self.variant(", \"strategy\": \"fail\", \"requiredResources\": [\"gpu\"]", "")
            .replacingOccurrences(of: ", \"progressEvery\": 5", with: "")
        let scenario = try Scenario.decode(Data(json.utf8), file: "x.json")
        #expect(scenario.app.actions["export"]?.last == .submit(TaskRequest(
            identifier: "com.example.video.export.{n}", kind: .continuedProcessing, title: "Exporting video", subtitle: "Holiday.mov")))
        #expect(scenario.app.actions["runExport"]?[1]
            == .processUnits(UnitWork(count: 20, duration: seconds(3), progress: .every(1), output: "Holiday.mov", checksCancellation: true)))
        let never = try Scenario.decode(Data(Self.variant("\"progressEvery\": 5", "\"progressEvery\": \"never\", \"checksCancellation\": false").utf8), file: "x.json")
        #expect(never.app.actions["runExport"]?[1]
            == .processUnits(UnitWork(count: 20, duration: seconds(3), progress: .never, output: "Holiday.mov", checksCancellation: false)))
    }

    @Test func aContinuedRequestNeedsItsTitleAndSubtitle() {
        let error = Self.failure(Self.variant("\"title\": \"Exporting video\", ", ""))
        #expect(error?.description == "x.json: app.actions.export[1].title: missing required key \"title\"")
    }

    @Test func unknownStrategySuggestsTheNearest() {
        let error = Self.failure(Self.variant("\"strategy\": \"fail\"", "\"strategy\": \"queu\""))
        #expect(error?.description == "x.json: app.actions.export[1].strategy: unknown strategy \"queu\" (did you mean \"queue\"?)")
    }

    @Test func unknownResource() {
        let error = Self.failure(Self.variant("[\"gpu\"]", "[\"gpus\"]"))
        #expect(error?.description
            == "x.json: app.actions.export[1].requiredResources[0]: unknown resource \"gpus\" (did you mean \"gpu\"?); the only one is \"gpu\"")
    }

    @Test func propertiesOfOtherRequestTypesAreRejected() {
        let power = Self.failure(Self.variant("\"strategy\": \"fail\"", "\"strategy\": \"fail\", \"requiresExternalPower\": true"))
        #expect(power?.description
            == "x.json: app.actions.export[1].requiresExternalPower: requiresExternalPower is a BGProcessingTaskRequest property; continued processing requests do not have it")
        let refresh = Self.failure(Self.variant("\"type\": \"continuedProcessing\"", "\"type\": \"appRefresh\""))
        #expect(refresh?.location == "app.actions.export[1].title")
        #expect(refresh?.message == "title is a BGContinuedProcessingTaskRequest property; appRefresh requests do not have it")
    }

    @Test func unknownRequestTypeSuggestsContinuedProcessing() {
        let error = Self.failure(Self.variant("\"type\": \"continuedProcessing\"", "\"type\": \"continuedProcesing\""))
        #expect(error?.message == "unknown type \"continuedProcesing\" (did you mean \"continuedProcessing\"?)")
    }

    @Test func unitWorkIsChecked() {
        let zero = Self.failure(Self.variant("\"count\": 20", "\"count\": 0"))
        #expect(zero?.description == "x.json: app.actions.runExport[1].count: count must be between 1 and 1000000, got 0")
        let every = Self.failure(Self.variant("\"progressEvery\": 5", "\"progressEvery\": 0"))
        #expect(every?.message == "progressEvery must be 1 or more units, or \"never\"; got 0")
        let word = Self.failure(Self.variant("\"progressEvery\": 5", "\"progressEvery\": \"sometimes\""))
        #expect(word?.message == "progressEvery is a number of units (1 or more) or \"never\"")
        let key = Self.failure(Self.variant("\"progressEvery\": 5", "\"progresEvery\": 5"))
        #expect(key?.message == "unknown key \"progresEvery\" (did you mean \"progressEvery\"?)")
        let unitless = Self.failure(Self.variant("\"duration\": \"3s\"", "\"duration\": \"3\""))
        #expect(unitless?.location == "app.actions.runExport[1].duration")
    }

    @Test func unknownPersonActionsAndAnswers() {
        let answer = Self.failure(Self.variant("\"answer\": \"continue\"", "\"answer\": \"contine\""))
        #expect(answer?.description == "x.json: timeline[3].answer: unknown answer \"contine\" (did you mean \"continue\"?)")
        let action = Self.failure(Self.variant("\"action\": \"cancelLiveActivity\"", "\"action\": \"cancelLiveActivty\""))
        #expect(action?.message == "unknown action \"cancelLiveActivty\" (did you mean \"cancelLiveActivity\"?)")
        let extra = Self.failure(Self.variant("\"action\": \"resourcePressure\"", "\"action\": \"resourcePressure\", \"identifier\": \"x\""))
        #expect(extra?.description == "x.json: timeline[5].identifier: unknown key \"identifier\"")
    }

    @Test func gpuSupportIsOnlyForTheStartingDevice() {
        let json = Self.variant("{ \"at\": \"60s\", \"action\": \"resourcePressure\" }",
                                "{ \"at\": \"60s\", \"action\": \"conditions\", \"supportsBackgroundGPU\": false }")
        #expect(Self.failure(json)?.description == "x.json: timeline[5].supportsBackgroundGPU: unknown key \"supportsBackgroundGPU\"")
    }

    @Test func unknownEntitlementSuggestsTheKnownOne() {
        let error = Self.failure(Self.variant("continued-processing.gpu\"]", "continued-processing.gpus\"]"))
        #expect(error?.location == "app.entitlements[0]")
        #expect(error?.message.hasPrefix("unknown entitlement \"com.apple.developer.background-tasks.continued-processing.gpus\" (did you mean") == true)
    }

    @Test func unknownOutputStateInExpectations() {
        let error = Self.failure(Self.variant("\"Holiday.mov\": \"removed\"", "\"Holiday.mov\": \"done\""))
        #expect(error?.location == "expect.outputs.Holiday.mov")
        #expect(error?.message.hasPrefix("unknown Holiday.mov \"done\"") == true)
    }

    @Test func outputExpectationsAreChecked() throws {
        let scenario = try Scenario.decode(Data(Self.valid.utf8), file: "x.json")
        let result = Simulation(scenario: scenario).run()
        let outputs = try #require(result.expectations.first { $0.expectation.hasPrefix("outputs") })
        #expect(outputs.expectation == "outputs Holiday.mov removed, other.mov none")
        #expect(outputs.passed, "\(outputs.actual)")
    }
}
