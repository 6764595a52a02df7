// swift-tools-version: 6.0
// Examples of app code tested with bgsim: Apple's sample code compiled unchanged (apart from the import), and a
// sample app with its tests. CI runs `swift test` here (see ../.ci/run).
import PackageDescription

let lookalikes = Target.Dependency.product(name: "PlatformLookalikes", package: "bgsim")

let package = Package(
    name: "BackgroundExamples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "bgsim", path: "..")],
    targets: [
        // Apple's "Refreshing and Maintaining Your App Using Background Tasks" (ColorFeed, WWDC19): its app
        // delegate verbatim, with Linux stand-ins for its Core Data store and server. Written in Swift 5, as Apple did.
        .target(name: "ColorFeed", dependencies: [lookalikes], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Apple's WWDC25 "Finish tasks in the background" snippets, corrected where they do not compile on iOS either.
        .target(name: "FinishTasksInTheBackground", dependencies: [lookalikes], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Apple's "Performing long-running tasks on iOS and iPadOS": the continued processing export.
        .target(name: "LongRunningExport", dependencies: [lookalikes], swiftSettings: [.swiftLanguageMode(.v5)]),
        // bgsim's sample app, in Swift 6: a note-taking app that syncs in the background.
        .target(name: "NotesApp", dependencies: [lookalikes]),
        // Correct apps, in Swift 6, each straight from one of Apple's documented patterns (Sources/CorrectApps/README.md).
        .target(name: "JournalApp", dependencies: [lookalikes], path: "Sources/CorrectApps/JournalApp"),
        .target(name: "HeadlinesApp", dependencies: [lookalikes], path: "Sources/CorrectApps/HeadlinesApp"),
        .target(name: "PhotoIndexApp", dependencies: [lookalikes], path: "Sources/CorrectApps/PhotoIndexApp"),
        .target(name: "PodcastApp", dependencies: [lookalikes], path: "Sources/CorrectApps/PodcastApp"),
        .target(name: "ChatApp", dependencies: [lookalikes], path: "Sources/CorrectApps/ChatApp"),
        .testTarget(
            name: "AppleSampleTests",
            dependencies: [
                "ColorFeed", "FinishTasksInTheBackground", "LongRunningExport",
                .product(name: "SimulationTesting", package: "bgsim"), .product(name: "BackgroundSimulation", package: "bgsim"),
            ]),
        .testTarget(
            name: "CorrectAppTests",
            dependencies: [
                "JournalApp", "HeadlinesApp", "PhotoIndexApp", "PodcastApp", "ChatApp",
                .product(name: "SimulationTesting", package: "bgsim"), .product(name: "BackgroundSimulation", package: "bgsim"),
                .product(name: "SimulationExplorer", package: "bgsim"),
            ]),
        .testTarget(
            name: "NotesAppTests",
            dependencies: [
                "NotesApp", .product(name: "SimulationTesting", package: "bgsim"),
                .product(name: "BackgroundSimulation", package: "bgsim"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
