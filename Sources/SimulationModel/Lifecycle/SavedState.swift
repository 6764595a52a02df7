import SimulationKernel

/// What the app saved: the only thing that survives its termination.
public struct SavedState: Sendable, Hashable {
    /// One save.
    public struct Checkpoint: Sendable, Hashable {
        /// The checkpoint's name.
        public var name: String
        /// When it was saved.
        public var time: VirtualInstant
        /// Which process saved it.
        public var process: Int
    }

    /// A file the app's work writes unit by unit (an exported video, a batch of edited photos).
    ///
    /// Units are written to disk as they are done, so a partial file survives
    /// the app's termination: that is the partial output a continued
    /// processing task leaves behind when it is cut short.
    public struct Output: Sendable, Hashable {
        /// How complete the file is.
        public enum State: String, Sendable, Hashable, CaseIterable {
            /// Some units are written, not all.
            case partial
            /// Every unit is written.
            case complete
            /// The app removed the partial file.
            case removed
        }

        /// The file's name, for example `export.mov`.
        public var name: String
        /// Units written so far.
        public var units: Int
        /// Units the whole file needs.
        public var total: Int
        /// How complete it is.
        public var state: State
        /// The process that last changed it.
        public var process: Int
    }

    /// Every save, in order.
    public private(set) var checkpoints: [Checkpoint] = []
    /// Every output file, in the order first written.
    public private(set) var outputs: [Output] = []

    mutating func save(checkpoint: String, at time: VirtualInstant, process: Int) {
        checkpoints.append(Checkpoint(name: checkpoint, time: time, process: process))
    }

    /// Whether a checkpoint of this name was saved.
    public func contains(_ name: String) -> Bool {
        checkpoints.contains { $0.name == name }
    }

    /// The output file of this name, if it was ever written.
    public func output(named name: String) -> Output? {
        outputs.first { $0.name == name }
    }

    /// Writes unit `unit` of `total` of `name`; unit 1 starts the file anew, as a new export overwrites the old one.
    mutating func writeUnit(_ unit: Int, of total: Int, to name: String, process: Int) -> Output {
        let index = outputs.firstIndex { $0.name == name } ?? {
            outputs.append(Output(name: name, units: 0, total: total, state: .partial, process: process))
            return outputs.count - 1
        }()
        outputs[index].units = unit
        outputs[index].total = total
        outputs[index].state = unit >= total ? .complete : .partial
        outputs[index].process = process
        return outputs[index]
    }

    /// Removes `name` if it is partial; returns the file as it is afterwards.
    mutating func removePartial(_ name: String, process: Int) -> Output? {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { return nil }
        if outputs[index].state == .partial {
            outputs[index].state = .removed
            outputs[index].process = process
        }
        return outputs[index]
    }
}
