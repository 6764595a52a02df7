import BackgroundSimulation
import Foundation
import Testing

/// Step names and their reading are one table: every name reads as its own step, in the order the schema lists them.
@Suite struct StepFormatTests {
    @Test func namesKeepTheirOrder() {
        #expect(Step.names == [
            "beginBackgroundTask", "endBackgroundTask", "work", "wait", "save", "async", "dispatchMain", "dispatchAsync",
            "dispatchSync", "holdLock", "releaseLock", "perform", "repeat", "log", "crash", "exit", "register", "submit",
            "cancelTaskRequest", "cancelAllTaskRequests", "setTaskExpirationHandler", "setTaskCompleted", "cancelWork",
            "stopIfCancelled", "updateUI", "processUnits", "updateTitle", "setProgressTotal", "removePartialOutput",
            "set", "if", "while", "callFetchCompletion", "createSession", "recreateSession", "downloadTask", "moveDownloadedFile",
            "callBackgroundEventsCompletion",
        ])
    }

    static func step(_ json: String) throws -> Step {
        try JSONDecoder().decode(Step.self, from: Data(json.utf8))
    }

    @Test func eachNameReadsAsItsOwnStep() throws {
        #expect(try Self.step(#"{"step": "exit"}"#) == .exit)
        #expect(try Self.step(#"{"step": "crash"}"#) == .crash("the app crashed"))
        #expect(try Self.step(#"{"step": "cancelWork"}"#) == .task(.cancelWork))
        #expect(try Self.step(#"{"step": "updateUI"}"#) == .task(.updateUI))
        #expect(try Self.step(#"{"step": "endBackgroundTask", "id": "t"}"#) == .backgroundTime(.endBackgroundTask(variable: "t")))
        #expect(try Self.step(#"{"step": "set", "id": "t", "to": "invalid"}"#) == .backgroundTime(.setInvalid(variable: "t")))
        #expect(try Self.step(#"{"step": "callFetchCompletion", "result": "newData"}"#) == .push(.callFetchCompletion(result: .newData)))
        #expect(try Self.step(#"{"step": "setProgressTotal", "units": 3}"#) == .continued(.setProgressTotal(units: 3)))
        #expect(try Self.step(#"{"step": "recreateSession", "identifier": "s"}"#)
            == .transfer(.createSession(BackgroundSessionConfiguration(identifier: "s", isDiscretionary: false, sendsLaunchEvents: true))))
        #expect(try Self.step(#"{"step": "dispatchSync", "queue": "db", "steps": []}"#) == .dispatch(queue: "db", sync: true, steps: []))
    }

    @Test func theOldSpellingsMakeTheFeaturesSteps() {
        #expect(Step.submit(TaskRequest(identifier: "r", kind: .appRefresh)) == .task(.submit(TaskRequest(identifier: "r", kind: .appRefresh))))
        #expect(Step.beginBackgroundTask(variable: "t", name: nil, onExpiration: .noHandler)
            == .backgroundTime(.beginBackgroundTask(variable: "t", name: nil, onExpiration: .noHandler)))
        #expect(Step.callBackgroundEventsCompletion(session: "s") == .transfer(.callBackgroundEventsCompletion(session: "s")))
    }
}
