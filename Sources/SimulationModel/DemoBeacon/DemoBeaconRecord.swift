#if BGSIM_FEATURE_DEMO
/// The records of the feature demo's service (`-DBGSIM_FEATURE_DEMO` only): a beacon sighted, and a hold it gave
/// the app released.
public enum DemoBeaconRecord: Sendable, Hashable {
    /// `demoBeacon.sighted`: a beacon came into range, and what the service did for the app.
    case sighted(Sighted)
    /// `demoBeacon.released`: the hold a sighting gave the app ended.
    case released(Released)

    /// The kinds of beacon records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case sighted = "demoBeacon.sighted"
        case released = "demoBeacon.released"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .sighted: .sighted
        case .released: .released
        }
    }

    /// What the service did for the app when a beacon came into range.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The app runs in the background: it is kept running for `demoBeaconHold`.
        case held
        /// The app is in the foreground: nothing to do.
        case foreground
        /// The app is suspended or not running: it misses the beacon (BGS900).
        case missed
    }

    /// `demoBeacon.sighted`: a beacon came into range, and what the service did for the app.
    public struct Sighted: Sendable, Hashable {
        /// The sighting's number in the run (1 for the first).
        public var beacon: Int
        /// What the service did for the app.
        public var outcome: Outcome
        /// The process that was held, when one was.
        public var process: Int?
    }

    /// `demoBeacon.released`: the hold a sighting gave process `process` ended.
    public struct Released: Sendable, Hashable {
        /// The sighting whose hold ended.
        public var beacon: Int
        /// The process that was held.
        public var process: Int
    }
}

extension DemoBeaconRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .sighted(let record):
            fields.add("beacon", record.beacon)
            fields.add("outcome", record.outcome)
            fields.add("process", ifPresent: record.process)
        case .released(let record):
            fields.add("beacon", record.beacon)
            fields.add("process", record.process)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .sighted:
            self = .sighted(Sighted(
                beacon: try fields.smallCount("beacon"), outcome: try fields.choice("outcome"),
                process: try fields.smallCountIfPresent("process")))
        case .released:
            self = .released(Released(beacon: try fields.smallCount("beacon"), process: try fields.smallCount("process")))
        }
    }
}
#endif
