import Foundation
import Synchronization

/// What the reader declares while it reads a scenario: the keys each object allows and the names each choice allows.
///
/// The reader has no separate schema: which keys an object takes is said
/// where it is read (`strictContainer(allowing:)`), which names a value may
/// have where it is checked (`choice(_:among:)`). Reading a file with
/// ``record(_:)`` collects those declarations, so that `bgsim schema` can
/// write the JSON Schema from the reader's own tables and the two cannot
/// drift. Recording is off (a nil check) in every other read.
package final class FormatDeclarations: Sendable {
    /// The keys an object at `path` allows.
    package struct Object: Sendable, Equatable {
        /// The object's place, as messages name it (`app.actions.a[0]`, `(top level)`).
        package var path: String
        /// The keys it allows, in the reader's order.
        package var keys: [String]
    }

    /// The names a value at `path` may have.
    package struct Choice: Sendable, Equatable {
        /// The value's place (`timeline[0].action`).
        package var path: String
        /// The names allowed, in the reader's order.
        package var choices: [String]
    }

    private let state = Mutex<(objects: [Object], choices: [Choice])>(([], []))

    @TaskLocal static var current: FormatDeclarations?

    /// The objects declared, in the order read.
    package var objects: [Object] { state.withLock { $0.objects } }
    /// The choices declared, in the order read.
    package var choices: [Choice] { state.withLock { $0.choices } }

    /// Reads `data` as a scenario, recording what the reader declares; returns the declarations and the reader's error, if any.
    package static func record(_ data: Data) -> (declarations: FormatDeclarations, error: ScenarioError?) {
        let declarations = FormatDeclarations()
        let error = $current.withValue(declarations) { () -> ScenarioError? in
            do throws(ScenarioError) {
                _ = try Scenario.decode(data, file: "probe")
                return nil
            } catch {
                return error
            }
        }
        return (declarations, error)
    }

    static func object(_ path: [any CodingKey], keys: [String]) {
        guard let current else { return }
        current.state.withLock { $0.objects.append(Object(path: describe(path), keys: keys)) }
    }

    static func choice(_ path: [any CodingKey], choices: [String]) {
        guard let current else { return }
        current.state.withLock { $0.choices.append(Choice(path: describe(path), choices: choices)) }
    }
}
