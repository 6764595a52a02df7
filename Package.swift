// swift-tools-version: 6.0
// bgsim: a deterministic discrete-event simulator of iOS background execution.
// No package dependencies, by promise: Foundation and the toolchain only.
import PackageDescription

/// The feature demo's CI step (.ci/run) sets BGSIM_DEMO_TESTS_ONLY=1 to build the demo's test target alone: the
/// sources and one test file, rather than every test target a second time.
let demoTestsOnly = Context.environment["BGSIM_DEMO_TESTS_ONLY"] != nil

let package = Package(
    name: "bgsim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SimulationKernel", targets: ["SimulationKernel"]),
        .library(name: "BackgroundSimulation", targets: ["BackgroundSimulation"]),
        .library(name: "SimulationModel", targets: ["SimulationModel"]),
        .library(name: "PlatformLookalikes", targets: ["PlatformLookalikes"]),
        .library(name: "ScenarioFormat", targets: ["ScenarioFormat"]),
        .library(name: "SimulationReports", targets: ["SimulationReports"]),
        .library(name: "SimulationTesting", targets: ["SimulationTesting"]),
        .library(name: "SimulationExplorer", targets: ["SimulationExplorer"]),
        .executable(name: "bgsim", targets: ["bgsim"]),
    ],
    targets: [
        // Utilities the modules share and users never see (everything in it is `package`): the one JSON stack
        // (lexer with positions, value tree, canonical writer, escaping) and text for messages.
        .target(name: "SimulationSupport"),
        // Virtual time, event queue, seeded randomness, deterministic executor. Knows nothing of iOS.
        .target(name: "SimulationKernel", dependencies: ["SimulationSupport"]),
        // The iOS model: app processes, background time, the system's services and policy, the typed trace, rules.
        .target(name: "SimulationModel", dependencies: ["SimulationKernel", "SimulationSupport"]),
        // The look-alikes of Apple's API that app code calls: UIApplication, BGTaskScheduler and its tasks.
        .target(name: "PlatformLookalikes", dependencies: ["SimulationKernel", "SimulationModel"]),
        // The scenario file format, its validation, expectations, and the interpreter of its app steps.
        .target(
            name: "ScenarioFormat",
            dependencies: ["SimulationKernel", "SimulationModel", "PlatformLookalikes", "SimulationSupport"]),
        // What users import: the model, the look-alikes and the scenario format in one module.
        .target(name: "BackgroundSimulation", dependencies: ["SimulationModel", "PlatformLookalikes", "ScenarioFormat"]),
        // Timelines and summaries of runs: terminal, HTML, Markdown and Perfetto. Reads the model's trace only.
        .target(name: "SimulationReports", dependencies: ["SimulationKernel", "SimulationModel", "SimulationSupport"]),
        // Swift Testing helpers: property-based generators with shrinking, seeded replay.
        .target(
            name: "SimulationTesting",
            dependencies: [
                "SimulationKernel", "SimulationModel", "PlatformLookalikes", "ScenarioFormat", "BackgroundSimulation",
                "SimulationReports",
            ]),
        // Fuzz campaigns and systematic exploration: fault plans, swarm testing, properties, shrinking.
        .target(
            name: "SimulationExplorer",
            dependencies: ["SimulationKernel", "SimulationModel", "ScenarioFormat", "PlatformLookalikes", "SimulationSupport"]),
        // The command line, as a library so that its parsing and commands are testable.
        .target(
            name: "BGSimCLI",
            dependencies: [
                "SimulationKernel", "SimulationModel", "PlatformLookalikes", "ScenarioFormat", "SimulationReports",
                "SimulationExplorer", "SimulationSupport",
            ]),
        .executableTarget(name: "bgsim", dependencies: ["BGSimCLI"]),

        .testTarget(name: "SimulationSupportTests", dependencies: ["SimulationSupport"]),
        .testTarget(name: "SimulationKernelTests", dependencies: ["SimulationKernel", "SimulationTesting"]),
        .testTarget(name: "SimulationModelTests", dependencies: ["SimulationModel", "SimulationKernel", "SimulationTesting"]),
        .testTarget(
            name: "BackgroundSimulationTests",
            dependencies: ["BackgroundSimulation", "SimulationKernel", "SimulationTesting"]),
        .testTarget(
            name: "SimulationReportsTests", dependencies: ["SimulationReports", "BackgroundSimulation", "SimulationKernel"]),
        .testTarget(name: "BGSimCLITests", dependencies: ["BGSimCLI", "BackgroundSimulation", "SimulationKernel"]),
        .testTarget(
            name: "SimulationExplorerTests",
            dependencies: ["SimulationExplorer", "BackgroundSimulation", "SimulationKernel", "SimulationTesting"]),
        // The feature demo's test (docs/contributing.md): empty unless built with -Xswiftc -DBGSIM_FEATURE_DEMO.
        .testTarget(name: "FeatureDemoTests", dependencies: ["BGSimCLI"]),
    ].filter { !demoTestsOnly || $0.type != .test || $0.name == "FeatureDemoTests" },
    swiftLanguageModes: [.v6]
)
