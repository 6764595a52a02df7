#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// Fetches the latest headlines and stores them: an asynchronous operation that finishes when the server answers, or
/// at once when it is cancelled (the fetch is cancelled with it), so that the refresh completes within its time.
final class RefreshAppContentsOperation: Operation, @unchecked Sendable {
    private let fetch: HeadlinesFetch
    private let store: HeadlineStore
    /// The operation's state, read by the queue on any thread and changed by the fetch's completion.
    private let lock = NSLock()
    private var executing = false
    private var finished = false

    init(fetch: HeadlinesFetch, store: HeadlineStore) {
        self.fetch = fetch
        self.store = store
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { executing } }
    override var isFinished: Bool { lock.withLock { finished } }

    override func start() {
        guard !isCancelled else {
            finish()
            return
        }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
        fetch.start { [self] result in
            if case .success(let headlines) = result { store.save(headlines) }
            finish()
        }
    }

    override func cancel() {
        super.cancel()
        fetch.cancel()
    }

    /// Marks the operation finished, once.
    private func finish() {
        guard lock.withLock({ !finished }) else { return }
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        lock.withLock {
            executing = false
            finished = true
        }
        didChangeValue(forKey: "isFinished")
        didChangeValue(forKey: "isExecuting")
    }
}
