#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// A headline from the server.
struct Headline: Codable, Sendable, Hashable {
    var title: String
    var published: Date
}

/// A stand-in for the app's server, in the shape of Apple's ColorFeed `MockServer`: it answers after three seconds.
final class HeadlinesServer: Sendable {
    /// A fetch of the latest headlines, ready to start.
    func latestHeadlines() -> HeadlinesFetch { HeadlinesFetch() }
}

/// One request to the server; it can be cancelled before or while it runs, and completes exactly once.
final class HeadlinesFetch: @unchecked Sendable {
    /// Every change happens on this queue, so that a cancel and the server's answer never race.
    private let queue = DispatchQueue(label: "com.example.headlines.fetch")
    private var completion: (@Sendable (Result<[Headline], any Error>) -> Void)?
    private var cancelled = false

    /// Starts the request; `completion` runs once, on the fetch's queue.
    func start(completion: @escaping @Sendable (Result<[Headline], any Error>) -> Void) {
        queue.async { [self] in
            guard !cancelled else { return completion(.failure(CancellationError())) }
            self.completion = completion
            queue.asyncAfter(deadline: .now() + 3) { [self] in
                let now = Date()
                deliver(.success((1...5).map { Headline(title: "Headline \($0)", published: now) }))
            }
        }
    }

    /// Cancels the request: the completion runs at once with `CancellationError`.
    func cancel() {
        queue.async { [self] in
            cancelled = true
            deliver(.failure(CancellationError()))
        }
    }

    private func deliver(_ result: Result<[Headline], any Error>) {
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }
}

/// The headlines on disk.
final class HeadlineStore: Sendable {
    #if !canImport(UIKit)
    /// bgsim: the app whose saves these are (`UIApplication.shared` is main-actor; `saveState` may be called anywhere).
    private let application: UIApplication
    #endif

    @MainActor init() {
        #if !canImport(UIKit)
        application = UIApplication.shared
        #endif
    }

    /// Writes the headlines to disk, from any thread.
    func save(_ headlines: [Headline]) {
        #if canImport(UIKit)
        let url = URL.documentsDirectory.appending(path: "headlines.json")
        try? JSONEncoder().encode(headlines).write(to: url, options: .atomic)
        #else
        // bgsim: parsing and writing take a third of a second of CPU; then the headlines are on disk.
        application.simulateWork(for: .milliseconds(300))
        application.saveState(checkpoint: "headlines")
        #endif
    }
}
