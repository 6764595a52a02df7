// bgsim: the sample's operations, in the shape of Apple's `Operations.swift`, over the stand-in store. The one change
// a Linux build needs: `#keyPath(isExecuting)` requires the Objective-C runtime, so the keys are strings.
import PlatformLookalikes

struct Operations {
    // Returns an array of operations for fetching the latest entries and then adding them to the store.
    static func getOperationsToFetchLatestEntries(using context: NSManagedObjectContext, server: Server) -> [Operation] {
        let fetchMostRecentEntry = FetchMostRecentEntryOperation(context: context)
        let downloadFromServer = DownloadEntriesFromServerOperation(context: context, server: server)
        let passTimestampToServer = BlockOperation { [unowned fetchMostRecentEntry, unowned downloadFromServer] in
            guard let timestamp = fetchMostRecentEntry.result?.timestamp else {
                downloadFromServer.cancel()
                return
            }
            downloadFromServer.sinceDate = timestamp
        }
        passTimestampToServer.addDependency(fetchMostRecentEntry)
        downloadFromServer.addDependency(passTimestampToServer)

        let addToStore = AddEntriesToStoreOperation(context: context)
        let passServerResultsToStore = BlockOperation { [unowned downloadFromServer, unowned addToStore] in
            guard case let .success(entries)? = downloadFromServer.result else {
                addToStore.cancel()
                return
            }
            addToStore.entries = entries
        }
        passServerResultsToStore.addDependency(downloadFromServer)
        addToStore.addDependency(passServerResultsToStore)

        return [fetchMostRecentEntry, passTimestampToServer, downloadFromServer, passServerResultsToStore, addToStore]
    }
}

// Fetches the most recent entry from the store.
class FetchMostRecentEntryOperation: Operation, @unchecked Sendable {
    private let context: NSManagedObjectContext
    var result: FeedEntry?

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    override func main() {
        context.performAndWait {
            result = context.mostRecentEntry
        }
    }
}

// Downloads entries created after the specified date: an asynchronous operation, finished when the server answers.
class DownloadEntriesFromServerOperation: Operation, @unchecked Sendable {
    private let context: NSManagedObjectContext
    private let server: Server
    var sinceDate: Date?
    var result: Result<[ServerEntry], Error>?

    private var downloading = false
    private var currentDownloadTask: DownloadTask?

    init(context: NSManagedObjectContext, server: Server) {
        self.context = context
        self.server = server
    }

    override var isAsynchronous: Bool {
        return true
    }

    override var isExecuting: Bool {
        return downloading
    }

    override var isFinished: Bool {
        return result != nil
    }

    override func cancel() {
        super.cancel()
        if let currentDownloadTask = currentDownloadTask {
            currentDownloadTask.cancel()
        }
    }

    func finish(result: Result<[ServerEntry], Error>) {
        guard downloading else { return }

        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")

        downloading = false
        self.result = result
        currentDownloadTask = nil

        didChangeValue(forKey: "isFinished")
        didChangeValue(forKey: "isExecuting")
    }

    override func start() {
        willChangeValue(forKey: "isExecuting")
        downloading = true
        didChangeValue(forKey: "isExecuting")

        guard !isCancelled, let sinceDate = sinceDate else {
            finish(result: .failure(ServerError.cancelled))
            return
        }

        currentDownloadTask = server.fetchEntries(since: sinceDate, completion: finish)
    }
}

// Adds the entries it is given to the store, one a second (the sample's delay).
class AddEntriesToStoreOperation: Operation, @unchecked Sendable {
    private let context: NSManagedObjectContext
    var entries: [ServerEntry]?
    var delay: TimeInterval = 1

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    override func main() {
        guard let entries = entries else { return }
        context.performAndWait {
            for serverEntry in entries {
                context.insert(FeedEntry(timestamp: serverEntry.timestamp, firstColor: serverEntry.firstColor, secondColor: serverEntry.secondColor))
                Thread.sleep(forTimeInterval: delay)
                if isCancelled { break }
            }
            try? context.save()
        }
    }
}

// Deletes the entries the predicate names: older than a day.
class DeleteFeedEntriesOperation: Operation, @unchecked Sendable {
    private let context: NSManagedObjectContext
    private let predicate: NSPredicate
    var delay: TimeInterval = 0.0005

    init(context: NSManagedObjectContext, predicate: NSPredicate) {
        self.context = context
        self.predicate = predicate
    }

    override func main() {
        context.performAndWait {
            let deleted = context.deleteEntries(olderThan: Date(timeIntervalSinceNow: -24 * 60 * 60))
            Thread.sleep(forTimeInterval: delay * Double(deleted))
            try? context.save()
        }
    }
}

/// The feed's screen, where the sample shows the colors; here only something to hand the server to.
class FeedTableViewController: UIViewController {
    var server: Server?
}
