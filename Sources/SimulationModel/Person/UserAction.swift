/// Something the person, the device or the system does, at an instant of a scenario's timeline.
///
/// One case per feature: the world performs the person's actions and the
/// installer's, each service its own (``TaskAction``, ``ContinuedAction``,
/// ``PushAction``), so a switch over the cases lists every place a new
/// feature's actions must be handled. Static members such as ``launch`` and
/// ``tap(action:)`` spell the common actions as before.
public enum UserAction: Sendable, Hashable {
    /// The person uses the device and the app: opens, leaves, locks, taps, changes conditions.
    case person(PersonAction)
    /// The debugger or the system acts on `BGTaskScheduler` tasks.
    case task(TaskAction)
    /// The person or the system acts on continued processing tasks and their Live Activities.
    case continued(ContinuedAction)
    /// The system installs another build of the app.
    case install(InstallAction)
    /// APNs sends a push, or fuzzing loses or delays one.
    case push(PushAction)
    #if BGSIM_FEATURE_DEMO
    /// The feature demo's service: a beacon comes into range (docs/contributing.md).
    case demoBeacon(DemoBeaconAction)
    #endif

    /// An action without its details: what scenario files and traces name it.
    public enum Name: Sendable, Hashable, CaseIterable, RawRepresentable {
        /// A ``PersonAction``.
        case person(PersonAction.Name)
        /// A ``TaskAction``.
        case task(TaskAction.Name)
        /// A ``ContinuedAction``.
        case continued(ContinuedAction.Name)
        /// An ``InstallAction``.
        case install(InstallAction.Name)
        /// A ``PushAction``.
        case push(PushAction.Name)
        #if BGSIM_FEATURE_DEMO
        /// A `DemoBeaconAction`.
        case demoBeacon(DemoBeaconAction.Name)
        #endif

        /// Every name a timeline may use, feature by feature: one line each, in the order scenario files and the
        /// schema have always listed them.
        public static let allCases: [Name] = {
            var features = [
                PersonAction.Name.allCases.map(Name.person),
                TaskAction.Name.allCases.map(Name.task),
                ContinuedAction.Name.allCases.map(Name.continued),
                InstallAction.Name.allCases.map(Name.install),
                PushAction.Name.allCases.map(Name.push),
            ]
            #if BGSIM_FEATURE_DEMO
            features.append(DemoBeaconAction.Name.allCases.map(Name.demoBeacon))
            #endif
            return features.flatMap { $0 }
        }()

        private static let byRawValue: [String: Name] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

        /// The action named `rawValue` in a scenario file or a trace, if there is one.
        public init?(rawValue: String) {
            guard let name = Self.byRawValue[rawValue] else { return nil }
            self = name
        }

        /// The name as scenario files and traces write it.
        public var rawValue: String {
            switch self {
            case .person(let name): name.rawValue
            case .task(let name): name.rawValue
            case .continued(let name): name.rawValue
            case .install(let name): name.rawValue
            case .push(let name): name.rawValue
            #if BGSIM_FEATURE_DEMO
            case .demoBeacon(let name): name.rawValue
            #endif
            }
        }
    }

    /// The action names a timeline may use.
    package static let names = Name.allCases.map(\.rawValue)

    /// The action's name, as scenario files and traces write it.
    package var name: Name {
        switch self {
        case .person(let action): .person(action.name)
        case .task(let action): .task(action.name)
        case .continued(let action): .continued(action.name)
        case .install(let action): .install(action.name)
        case .push(let action): .push(action.name)
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let action): .demoBeacon(action.name)
        #endif
        }
    }
}
