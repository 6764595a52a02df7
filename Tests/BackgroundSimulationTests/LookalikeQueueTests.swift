import BackgroundSimulation
import PlatformLookalikes
import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing

/// The look-alike queues and operations keep their Foundation and Dispatch semantics on virtual time.
@Suite struct LookalikeQueueTests {
    static func run(_ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate) -> SimulationResult {
        SimulatedApp(bundleIdentifier: "com.example.queues", delegate: make)
            .run([.at(.zero, .launch), .at(.seconds(10), .tap(action: "go"))], for: .seconds(120))
    }

    /// The checkpoints saved, as "name@seconds".
    static func saves(_ result: SimulationResult) -> [String] {
        result.saved.checkpoints.map { "\($0.name)@\(Double(($0.time - .seconds(10)).nanoseconds) / 1e9)" }
    }

    @Test func aSerialQueueRunsBlocksInOrderAndEachWaitsForTheTimeBeforeIt() {
        let result = Self.run { QueueApp(.serial) }
        expectNoDiagnostics(result)
        #expect(Self.saves(result) == ["a@0.0", "b@2.0", "c@4.0"])
    }

    @Test func aConcurrentQueueRunsBlocksSideBySide() {
        let result = Self.run { QueueApp(.concurrent) }
        #expect(Self.saves(result) == ["a@0.0", "b@0.0", "c@0.0"])
    }

    @Test func theMainQueueRunsAfterTheCallbackThatDispatched() {
        let result = Self.run { QueueApp(.main) }
        // The tap's callback works 1 s after dispatching; the main queue's blocks run after it returns, in order.
        #expect(Self.saves(result) == ["a@1.0", "b@3.0", "c@5.0"])
    }

    @Test func aGroupNotifiesOnceEveryBlockLeft() {
        let result = Self.run { GroupApp() }
        #expect(Self.saves(result) == ["done@3.0"])
        expectNoDiagnostics(result)
    }

    @Test func operationsFollowTheirDependenciesAndTheQueueWidth() {
        let result = Self.run { OperationsApp(cancel: false) }
        expectNoDiagnostics(result)
        // Width 1: first (2 s), then second (1 s), then last; the completion block runs once the last is done.
        #expect(Self.saves(result) == ["first@0.0", "second@2.0", "last@3.0", "completion@3.0"])
    }

    @Test func cancelledOperationsStillFinishAndRunTheirCompletionBlocks() {
        let result = Self.run { OperationsApp(cancel: true) }
        expectNoDiagnostics(result)
        #expect(Self.saves(result) == ["completion cancelled@0.0"])
    }

    @Test func outsideASimulationTheQueuesAreDispatchs() async {
        let done = DispatchSemaphoreBox()
        DispatchQueue.global().async { done.signal() }
        done.wait()
        let later = DispatchTime.now() + 0.01
        #expect(later.uptimeNanoseconds > DispatchTime.now().uptimeNanoseconds)
    }
}

final class QueueApp: UIResponder, SimulatedApplicationDelegate {
    enum Kind { case serial, concurrent, main }
    let kind: Kind
    lazy var queue: DispatchQueue = switch kind {
    case .serial: DispatchQueue(label: "com.example.serial")
    case .concurrent: DispatchQueue(label: "com.example.concurrent", attributes: .concurrent)
    case .main: .main
    }

    init(_ kind: Kind) {
        self.kind = kind
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        for name in ["a", "b", "c"] {
            queue.async {
                application.saveState(checkpoint: name)
                application.simulateWork(for: .seconds(2))
            }
        }
        if kind == .main {
            try? await application.simulateWork(for: .seconds(1))
        }
    }
}

final class GroupApp: UIResponder, SimulatedApplicationDelegate {
    func application(_ application: UIApplication, performUserAction name: String) async {
        let group = DispatchGroup()
        for seconds in [1, 3, 2] {
            DispatchQueue.global().async(group: group) { application.simulateWork(for: .seconds(seconds)) }
        }
        group.notify(queue: .main) { application.saveState(checkpoint: "done") }
    }
}

final class OperationsApp: UIResponder, SimulatedApplicationDelegate {
    let cancel: Bool

    init(cancel: Bool) {
        self.cancel = cancel
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let first = BlockOperation {
            application.saveState(checkpoint: "first")
            Thread.sleep(forTimeInterval: 2)
        }
        let second = BlockOperation {
            application.saveState(checkpoint: "second")
            application.simulateWork(for: .seconds(1))
        }
        let last = BlockOperation { application.saveState(checkpoint: "last") }
        last.addDependency(second)
        second.addDependency(first)
        last.completionBlock = { application.saveState(checkpoint: last.isCancelled ? "completion cancelled" : "completion") }
        // Added in reverse: the dependencies, not the order, decide.
        queue.addOperations([last, second, first], waitUntilFinished: false)
        if cancel { queue.cancelAllOperations() }
    }
}
