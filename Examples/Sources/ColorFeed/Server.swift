// bgsim: the sample's server, rewritten for Linux in the shape of Apple's `Server.swift`. `MockServer` answers after
// a delay on its own serial queue: in a simulation, a queue on virtual time.
import PlatformLookalikes

/// An entry the server returns: a color and when it was made.
struct ServerEntry: Sendable, Hashable {
    var timestamp: Date
    var firstColor: Int
    var secondColor: Int
}

/// A download in flight, which the app may cancel.
protocol DownloadTask {
    func cancel()
}

/// Where the feed comes from.
protocol Server {
    func fetchEntries(since startDate: Date, completion: @escaping (Result<[ServerEntry], Error>) -> Void) -> DownloadTask
}

enum ServerError: Error {
    case cancelled
}

/// A server that makes up one entry per ten minutes since `startDate` (at most 6), and answers after 2 seconds.
final class MockServer: Server, @unchecked Sendable {
    private let queue = DispatchQueue(label: "MockServer")

    final class MockDownloadTask: DownloadTask, @unchecked Sendable {
        var isCancelled = false
        var completion: ((Result<[ServerEntry], Error>) -> Void)?

        func cancel() {
            isCancelled = true
            let completion = self.completion
            self.completion = nil
            completion?(.failure(ServerError.cancelled))
        }
    }

    func fetchEntries(since startDate: Date, completion: @escaping (Result<[ServerEntry], Error>) -> Void) -> DownloadTask {
        let task = MockDownloadTask()
        task.completion = completion
        let now = Date()
        let count = max(1, min(6, Int(now.timeIntervalSince(startDate) / 600)))
        let entries = (0..<count).map { index in
            ServerEntry(timestamp: now.addingTimeInterval(Double(index - count) * 600), firstColor: index, secondColor: count - index)
        }
        queue.asyncAfter(deadline: .now() + 2) {
            guard !task.isCancelled, let completion = task.completion else { return }
            task.completion = nil
            completion(.success(entries))
        }
        return task
    }
}
