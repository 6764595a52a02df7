import Foundation

/// Finds app delegate methods that nearly match a `UIApplicationDelegate` requirement, so they are never called.
///
/// Apple's delegate methods are optional, and bgsim's protocol gives each a
/// default, so a method with another signature (a different options type,
/// no `-> Bool`, `async` in a plain delegate, a typo in the name) compiles
/// and is silently never called, on iOS and in bgsim alike. Swift warns
/// only about some names, only in extensions. This check reads the app's
/// source files and reports each near miss with what differs:
///
/// ```swift
/// @Test func delegateMethodsMatchApple() throws {
///     expectNoNearMisses(try DelegateSignatureCheck.nearMisses(inFilesAt: ["Sources/MyApp"]))
/// }
/// ```
///
/// It reads text, not types: a signature written with a type alias of
/// Apple's type is reported too (rename it, or ignore that line).
public enum DelegateSignatureCheck {
    /// A method that nearly matches a requirement.
    public struct NearMiss: Sendable, Hashable, CustomStringConvertible {
        /// The file, as given.
        public var file: String
        /// The line of the `func`, from 1.
        public var line: Int
        /// The method as written, on one line.
        public var declaration: String
        /// Apple's requirement it nearly matches.
        public var requirement: String
        /// What differs.
        public var differences: [String]

        public var description: String {
            "\(file):\(line): \(declaration)\n    nearly matches UIApplicationDelegate's \(requirement): "
                + differences.joined(separator: "; ") + ". It is never called."
        }
    }

    struct Requirement {
        var name: String
        var labels: [String]
        var parameterTypes: [String]
        var returns: String?

        var signature: String {
            let parameters = zip(labels, parameterTypes).enumerated().map { index, pair in
                let (label, type) = pair
                return "\(index == 0 ? "_ \(label)" : label): \(type)"
            }
            return "func \(name)(\(parameters.joined(separator: ", ")))" + (returns.map { " -> \($0)" } ?? "")
        }
    }

    static let options = "[UIApplication.LaunchOptionsKey: Any]?"
    static let requirements: [Requirement] = [
        Requirement(name: "application", labels: ["application", "didFinishLaunchingWithOptions launchOptions"],
                    parameterTypes: ["UIApplication", options], returns: "Bool"),
        Requirement(name: "application", labels: ["application", "willFinishLaunchingWithOptions launchOptions"],
                    parameterTypes: ["UIApplication", options], returns: "Bool"),
        Requirement(
            name: "application",
            labels: ["application", "didReceiveRemoteNotification userInfo", "fetchCompletionHandler completionHandler"],
            // Without `@escaping`: the scanner compares types without attributes.
            parameterTypes: ["UIApplication", "[AnyHashable: Any]", "(UIBackgroundFetchResult) -> Void"], returns: nil),
        Requirement(
            name: "application",
            labels: ["application", "handleEventsForBackgroundURLSession identifier", "completionHandler"],
            parameterTypes: ["UIApplication", "String", "() -> Void"], returns: nil),
    ] + ["applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
         "applicationWillEnterForeground", "applicationDidReceiveMemoryWarning", "applicationWillTerminate"].map {
        Requirement(name: $0, labels: ["application"], parameterTypes: ["UIApplication"], returns: nil)
    }

    /// The near misses in `source`, a Swift file's text.
    public static func nearMisses(inSource source: String, file: String = "<source>") -> [NearMiss] {
        // A delegate that conforms to the async protocol implements async methods on purpose.
        let asyncAllowed = source.contains("SimulatedApplicationDelegate")
        return FunctionScanner(source).functions.compactMap { function in
            check(function, asyncAllowed: asyncAllowed).map { requirement, differences in
                NearMiss(file: file, line: function.line, declaration: function.text, requirement: requirement.signature,
                         differences: differences)
            }
        }
    }

    /// The near misses in the Swift files at `paths` (files, or folders searched recursively), in path order.
    public static func nearMisses(inFilesAt paths: [String]) throws -> [NearMiss] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            if isDirectory.boolValue {
                let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
                files += found.filter { $0.hasSuffix(".swift") }.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return try files.sorted().flatMap { file in
            nearMisses(inSource: try String(contentsOfFile: file, encoding: .utf8), file: file)
        }
    }

    /// The requirement `function` nearly matches and what differs, if it nearly matches one.
    static func check(_ function: FunctionScanner.Function, asyncAllowed: Bool) -> (Requirement, [String])? {
        var best: (Requirement, [String])?
        for requirement in requirements {
            guard let differences = compare(function, requirement, asyncAllowed: asyncAllowed) else { continue }
            if differences.isEmpty { return nil }
            if best == nil || differences.count < best!.1.count { best = (requirement, differences) }
        }
        return best
    }

    /// Nil when `function` is unrelated to `requirement`; the differences otherwise (none for a match).
    static func compare(_ function: FunctionScanner.Function, _ requirement: Requirement, asyncAllowed: Bool) -> [String]? {
        var differences: [String] = []
        if function.name != requirement.name {
            guard editDistance(function.name, requirement.name) <= 2 else { return nil }
            differences.append("the name is \(function.name), not \(requirement.name)")
        }
        let parameters = function.parameters
        // The first parameter must be the application for the method to be a delegate method at all.
        guard let first = parameters.first, first.type == "UIApplication" else { return nil }
        if requirement.labels.count > 1 {
            guard parameters.count >= 2 else { return nil }
            // The second label tells the methods named `application` apart: too far from it, and it is another method.
            let wanted = requirement.labels[1].split(separator: " ")[0]
            guard parameters[1].label == wanted || editDistance(parameters[1].label, String(wanted)) <= 3 else { return nil }
            for index in 1..<min(parameters.count, requirement.labels.count) {
                let words = requirement.labels[index].split(separator: " ")
                let label = String(words[0])
                let name = String(words.last ?? words[0])
                if parameters[index].label != label {
                    differences.append("the \(Self.ordinal(index)) label is \(parameters[index].label), not \(label)")
                }
                let type = FunctionScanner.normalised(requirement.parameterTypes[index])
                if parameters[index].type != type {
                    differences.append("\(name) is \(parameters[index].type), not \(type)")
                }
            }
            if parameters.count != requirement.labels.count {
                differences.append("it takes \(parameters.count) parameters, not \(requirement.labels.count)")
            }
        } else if parameters.count > 1 {
            differences.append("it takes \(parameters.count) parameters, not 1")
        }
        if first.label != "_" { differences.append("the first parameter is labelled \(first.label), not _") }
        if function.isAsync && !asyncAllowed {
            differences.append("it is async; Apple's is synchronous (conform to SimulatedApplicationDelegate to have bgsim call an async method)")
        }
        switch (function.returns, requirement.returns) {
        case (nil, let wanted?): differences.append("it returns nothing, not \(wanted)")
        case (let got?, nil): differences.append("it returns \(got), not nothing")
        case (let got?, let wanted?) where got != wanted: differences.append("it returns \(got), not \(wanted)")
        default: break
        }
        return differences
    }

    static func ordinal(_ index: Int) -> String {
        ["first", "second", "third", "fourth"].indices.contains(index) ? ["first", "second", "third", "fourth"][index] : "\(index + 1)th"
    }

    /// Levenshtein distance, for names that are one typo away.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
