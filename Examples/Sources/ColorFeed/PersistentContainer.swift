// bgsim: the sample keeps its feed in Core Data, which does not exist on Linux. These stand-ins keep the names and
// shapes its app delegate uses (`PersistentContainer.shared`, `newBackgroundContext()`, `lastCleaned`, `NSPredicate`)
// over a plain array.
import PlatformLookalikes
import Synchronization

/// An entry of the feed as the store keeps it.
struct FeedEntry: Sendable, Hashable {
    var timestamp: Date
    var firstColor: Int
    var secondColor: Int
}

/// The store: one per app process (memory is the process's), found through the app that is running.
final class PersistentContainer: @unchecked Sendable {
    /// The stores of the processes running now, by their application object.
    private static let stores = Mutex<[(application: ObjectIdentifier, store: PersistentContainer)]>([])

    /// The store of the app process whose code is calling.
    static var shared: PersistentContainer {
        let application = ObjectIdentifier(UIApplication.shared)
        return stores.withLock { stores in
            if let found = stores.first(where: { $0.application == application }) { return found.store }
            let store = PersistentContainer()
            stores.append((application, store))
            if stores.count > 64 { stores.removeFirst(stores.count - 64) }
            return store
        }
    }

    private(set) var entries: [FeedEntry] = []
    /// When the store was last cleaned.
    var lastCleaned: Date?

    /// Fills an empty store with a day of entries, one an hour.
    func loadInitialData() {
        guard entries.isEmpty else { return }
        let now = Date()
        entries = (1...24).map { hour in
            FeedEntry(timestamp: now.addingTimeInterval(Double(-hour) * 3_600), firstColor: hour, secondColor: 24 - hour)
        }
    }

    func newBackgroundContext() -> NSManagedObjectContext {
        NSManagedObjectContext(container: self)
    }

    fileprivate func insert(_ entry: FeedEntry) { entries.append(entry) }
    fileprivate func delete(where condition: (FeedEntry) -> Bool) -> Int {
        let before = entries.count
        entries.removeAll(where: condition)
        return before - entries.count
    }
}

/// Core Data's context, as the operations use it: fetch, insert, delete, save, `performAndWait`.
final class NSManagedObjectContext: @unchecked Sendable {
    let container: PersistentContainer

    init(container: PersistentContainer) {
        self.container = container
    }

    func performAndWait(_ block: () -> Void) { block() }
    var mostRecentEntry: FeedEntry? { container.entries.max { $0.timestamp < $1.timestamp } }
    func insert(_ entry: FeedEntry) { container.insert(entry) }
    func deleteEntries(olderThan date: Date) -> Int { container.delete { $0.timestamp < date } }
    func save() throws {}
}

/// Foundation's `NSPredicate` as the app delegate builds it: on Linux, Foundation's rejects an `NSDate` argument
/// (it is not `CVarArg` there), so the sample's module declares this one, which only keeps what it was given.
final class NSPredicate: @unchecked Sendable {
    let format: String
    let arguments: [Any]

    init(format: String, _ arguments: Any...) {
        self.format = format
        self.arguments = arguments
    }
}
