#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// A message from the server.
struct Message: Codable, Sendable, Hashable {
    var text: String
    var sent: Date
}

/// The conversations: fetched from the server since the last sync, and saved.
@MainActor
final class Inbox {
    private(set) var messages: [Message] = []
    private var lastSync = Date.distantPast

    /// Fetches the messages sent since the last sync and saves them; the result tells the system how it went.
    func fetchNewMessages() async -> UIBackgroundFetchResult {
        do {
            let new = try await ChatServer.messages(since: lastSync)
            lastSync = Date()
            guard !new.isEmpty else { return .noData }
            messages += new
            save()
            return .newData
        } catch {
            return .failed
        }
    }

    private func save() {
        #if canImport(UIKit)
        let url = URL.documentsDirectory.appending(path: "messages.json")
        try? JSONEncoder().encode(messages).write(to: url, options: .atomic)
        #else
        // bgsim: the messages are on disk.
        UIApplication.shared.saveState(checkpoint: "messages")
        #endif
    }
}

/// A stand-in for the app's server: it answers after two seconds with the message that caused the push.
enum ChatServer {
    static func messages(since date: Date) async throws -> [Message] {
        try await Task.sleep(for: .seconds(2))
        return [Message(text: "See you at eight?", sent: Date())]
    }
}
