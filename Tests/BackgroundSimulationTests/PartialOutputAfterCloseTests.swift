import BackgroundSimulation
import Foundation
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// BGS028 after the process ended under a continued task (a close in the app switcher, a kill): the app heard nothing,
/// so its partial output is the next launch's to remove; still partial when the run ends, it is flagged then.
/// (Output files are the scenario language's: Swift code has no look-alike for them.)
@Suite struct PartialOutputAfterCloseTests {
    /// A cloud drive that uploads a folder as a continued task, writing the archive in place
    /// (Scenarios/bugs-day-of-use/continued-app-switcher-close-day, shortened to one upload, with the close written in).
    static let closed = """
        {
          "format": 1, "name": "upload-closed", "seed": 1, "profile": "iOS26", "stopAt": "2h",
          "app": {
            "bundleIdentifier": "com.example.drive",
            "infoPlist": { "BGTaskSchedulerPermittedIdentifiers": ["com.example.drive.upload.*"] },
            "handlers": { "didFinishLaunching": "registerTasks" },
            "actions": {
              "registerTasks": [
                { "step": "register", "identifier": "com.example.drive.upload.photos", "launchHandler": "uploadPhotos" }
              ],
              "tapUpload": [
                { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.drive.upload.photos",
                  "title": "Uploading", "subtitle": "Photos" }
              ],
              "uploadPhotos": [
                { "step": "setTaskExpirationHandler", "onExpiration": [
                  { "step": "cancelWork" }, { "step": "removePartialOutput", "output": "Photos.zip" },
                  { "step": "setTaskCompleted", "success": false } ] },
                { "step": "processUnits", "count": 30, "duration": "4s", "output": "Photos.zip" },
                { "step": "setTaskCompleted", "success": true }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "1m", "action": "tap", "run": "tapUpload" },
            { "at": "1m30s", "action": "goHome" },
            { "at": "2m", "action": "swipeAway" },
            { "at": "1h", "action": "launch" },
            { "at": "1h10m", "action": "goHome" }
          ]
        }
        """

    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    static func replacing(_ old: String, with new: String, in json: String = closed) -> String {
        let replaced = json.replacingOccurrences(of: old, with: new)
        precondition(replaced != json, "nothing replaced: \(old)")
        return replaced
    }

    @Test func partialOutputLeftByACloseAndNeverRemovedIsFlaggedWhenTheRunEnds() throws {
        let result = try Self.run(Self.closed)
        #expect(result.ruleIDs == ["BGS028"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == VirtualInstant.zero + .hours(2))
        #expect(diagnostic.process == 2)
        #expect(diagnostic.subject == "continued processing task com.example.drive.upload.photos")
        #expect(diagnostic.message == "continued processing task com.example.drive.upload.photos ended at 2m00.000s when the person "
            + "closed the app in the app switcher, leaving Photos.zip partial (14 of 30 units); app #2, launched after it, had not "
            + "removed it when the run ended at 2h00m00s")
        #expect(diagnostic.fix.hasPrefix("Write the output to a temporary file and move it into place only when it is complete; or, at launch, remove"))
        // What the trace shows: the task's end with its output partial, and nothing written to the file after.
        #expect(result.events(.task(.end)).first?["output"] == "partial")
        #expect(result.events(.app(.output)).last?.time ?? .zero < VirtualInstant.zero + .minutes(2))
    }

    @Test func removingItAtTheNextLaunchIsClean() throws {
        let json = Self.replacing(
            #"{ "step": "register", "identifier": "com.example.drive.upload.photos", "launchHandler": "uploadPhotos" }"#,
            with: #"{ "step": "register", "identifier": "com.example.drive.upload.photos", "launchHandler": "uploadPhotos" }, { "step": "removePartialOutput", "output": "Photos.zip" }"#)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(result.saved.output(named: "Photos.zip")?.state == .removed)
    }

    @Test func startingTheJobAgainUntilItCompletesIsClean() throws {
        let json = Self.replacing(
            #"{ "at": "1h10m", "action": "goHome" }"#,
            with: #"{ "at": "1h1m", "action": "tap", "run": "tapUpload" }, { "at": "1h10m", "action": "goHome" }"#)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(result.saved.output(named: "Photos.zip")?.state == .complete)
    }

    @Test func anAppNeverOpenedAgainCouldNotHaveRemovedIt() throws {
        let json = Self.replacing(#"{ "at": "1h", "action": "launch" },"#, with: "")
            .replacingOccurrences(of: #"{ "at": "1h10m", "action": "goHome" }"#, with: #"{ "at": "1h10m", "action": "lock" }"#)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(result.saved.output(named: "Photos.zip")?.state == .partial)
    }

    @Test func aLaunchClosedBeforeDidFinishLaunchingReturnedCouldNotHaveRemovedIt() throws {
        // Reopened at 1 h and closed again at once, while launching: none of the app's launch code ran.
        let json = Self.replacing(
            #"{ "at": "1h", "action": "launch" },"#,
            with: #"{ "at": "1h", "action": "launch" }, { "at": "1h", "action": "swipeAway" },"#)
            .replacingOccurrences(of: #"{ "at": "1h10m", "action": "goHome" }"#, with: #"{ "at": "1h10m", "action": "lock" }"#)
        let result = try Self.run(json)
        #expect(result.events(.app(.state)).contains { $0["process"] == 2 && $0["reason"] == "userSwipedAway" })
        #expect(result.diagnostics.isEmpty)
        #expect(result.saved.output(named: "Photos.zip")?.state == .partial)
        // A third launch that finishes is blamed, and only it is named.
        let reopened = json.replacingOccurrences(
            of: #"{ "at": "1h10m", "action": "lock" }"#, with: #"{ "at": "1h10m", "action": "launch" }, { "at": "1h20m", "action": "goHome" }"#)
        let later = try Self.run(reopened)
        #expect(later.ruleIDs == ["BGS028"])
        #expect(later.diagnostics.first?.process == 3)
        #expect(later.diagnostics.first?.message.contains("app #3, launched after it, had not removed it") == true)
    }

    @Test func aKillByTheSystemIsNamedAsSuch() throws {
        let json = Self.replacing(#"{ "at": "2m", "action": "swipeAway" }"#, with: #"{ "at": "2m", "action": "memoryPressure" }"#)
        let result = try Self.run(json)
        #expect(result.ruleIDs == ["BGS028"])
        #expect(result.diagnostics.first?.message.contains("ended at 2m00.000s when the app process ended (memoryPressure), leaving Photos.zip partial") == true)
    }
}
