/// What the app saved: the only thing that survives its termination.
public struct SavedState: Sendable, Hashable {
    /// One save.
    public struct Checkpoint: Sendable, Hashable {
        /// The checkpoint's name.
        public var name: String
        /// When it was saved, in nanoseconds.
        public var time: Int64
        /// Which process saved it.
        public var process: Int
    }

    /// Every save, in order.
    public private(set) var checkpoints: [Checkpoint] = []

    mutating func save(checkpoint: String, at time: Int64, process: Int) {
        checkpoints.append(Checkpoint(name: checkpoint, time: time, process: process))
    }

    /// Whether a checkpoint of this name was saved.
    public func contains(_ name: String) -> Bool {
        checkpoints.contains { $0.name == name }
    }
}
