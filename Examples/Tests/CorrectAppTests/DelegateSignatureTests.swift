import Foundation
import SimulationTesting
import Testing

/// The correct apps' delegate methods are Apple's, to the letter: a near miss compiles and is never called.
@Test func theCorrectAppsDelegateMethodsMatchApples() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/CorrectApps").standardizedFileURL.path
    expectNoNearMisses(try DelegateSignatureCheck.nearMisses(inFilesAt: [sources]))
}
