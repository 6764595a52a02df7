// swift-tools-version: 6.0
// bgsim: a deterministic discrete-event simulator of iOS background execution.
// No package dependencies, by promise: Foundation and the toolchain only.
import PackageDescription

let package = Package(
    name: "bgsim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SimulationKernel", targets: ["SimulationKernel"]),
        .library(name: "BackgroundSimulation", targets: ["BackgroundSimulation"]),
        .library(name: "SimulationReports", targets: ["SimulationReports"]),
        .library(name: "SimulationTesting", targets: ["SimulationTesting"]),
        .executable(name: "bgsim", targets: ["bgsim"]),
    ],
    targets: [
        // Virtual time, event queue, seeded randomness, deterministic executor. Knows nothing of iOS.
        .target(name: "SimulationKernel"),
        // The iOS model, the scenario format and its interpreter.
        .target(name: "BackgroundSimulation", dependencies: ["SimulationKernel"]),
        // Timelines and summaries of runs: terminal, and later HTML, Markdown and Perfetto.
        .target(name: "SimulationReports", dependencies: ["SimulationKernel", "BackgroundSimulation"]),
        // Swift Testing helpers: property-based generators with shrinking, seeded replay.
        .target(name: "SimulationTesting", dependencies: ["SimulationKernel", "BackgroundSimulation"]),
        // The command line, as a library so that its parsing and commands are testable.
        .target(name: "BGSimCLI", dependencies: ["SimulationKernel", "BackgroundSimulation", "SimulationReports"]),
        .executableTarget(name: "bgsim", dependencies: ["BGSimCLI"]),

        .testTarget(name: "SimulationKernelTests", dependencies: ["SimulationKernel", "SimulationTesting"]),
        .testTarget(
            name: "BackgroundSimulationTests",
            dependencies: ["BackgroundSimulation", "SimulationKernel", "SimulationTesting"]),
        .testTarget(
            name: "SimulationReportsTests", dependencies: ["SimulationReports", "BackgroundSimulation", "SimulationKernel"]),
        .testTarget(name: "BGSimCLITests", dependencies: ["BGSimCLI", "BackgroundSimulation", "SimulationKernel"]),
    ],
    swiftLanguageModes: [.v6]
)
