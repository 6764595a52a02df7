// Fails when a Swift file under Sources/ or Tests/ is longer than 500 lines, or a function, initializer,
// subscript or computed property's body is longer than 80 lines, counted from the line of its keyword (`func`,
// `init`, `deinit`, `subscript`, `var`) to the line of its closing brace. Lists every offender as file:line.
//
// Run from the package's root: `swift .ci/limits.swift` (or with folders to check instead of Sources and Tests).
// docs/contributing.md gives the limits and the softer targets (400 and 70) that review holds code to.
//
// The scanner knows what hides a brace from the count: comments (nested block comments too), string literals
// (single-line, multi-line, raw, with interpolations that hold strings of their own) and character escapes. It
// reads declarations, not types: a `var` is a computed property when a brace opens its body on the line of the
// keyword, which is how this code base writes them; a `func` or `init` may take several lines before its brace.
import Foundation

let fileLimit = 500
let bodyLimit = 80

/// A declaration whose body is being measured: its keyword's line and the brace depth its body opens at.
struct Body {
    var keyword: String
    var name: String
    var line: Int
    var depth: Int
}

/// A declaration keyword seen, waiting for the brace that opens its body.
struct Pending {
    var keyword: String
    var name: String
    var line: Int
    var depth: Int
    var parens = 0
}

struct Offender {
    var path: String
    var line: Int
    var what: String
    var lines: Int
    var limit: Int
}

/// Scans one file's text and returns the bodies longer than the limit.
func longBodies(in text: [UInt8], path: String) -> [Offender] {
    var offenders: [Offender] = []
    var index = 0
    var line = 1
    var depth = 0
    var open: [Body] = []
    var pending: Pending?
    /// The last significant character before an identifier: `.init` is a call, not a declaration.
    var previous: UInt8 = 0
    // String contexts: each entry is the brace/paren depth of an interpolation to return to a string from.
    var interpolations: [(parens: Int, hashes: Int, multiline: Bool)] = []
    var parensInInterpolation = 0

    func at(_ offset: Int) -> UInt8 { index + offset < text.count ? text[index + offset] : 0 }

    /// Skips a string literal that starts at `index` (after any `#`s), and returns with `index` after it, or inside
    /// it at an interpolation's `(` (pushed on `interpolations`).
    func scanString(hashes: Int, multiline: Bool) {
        while index < text.count {
            let c = text[index]
            if c == UInt8(ascii: "\n") {
                line += 1
                index += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                var h = 0
                while h < hashes && at(1 + h) == UInt8(ascii: "#") { h += 1 }
                if h == hashes {
                    if at(1 + h) == UInt8(ascii: "(") {
                        index += 2 + h
                        interpolations.append((parensInInterpolation, hashes, multiline))
                        parensInInterpolation = 0
                        return
                    }
                    index += 2 + h
                    continue
                }
                index += 1
                continue
            }
            if c == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                var q = 0
                while q < quotes && at(q) == UInt8(ascii: "\"") { q += 1 }
                if q == quotes {
                    var h = 0
                    while h < hashes && at(quotes + h) == UInt8(ascii: "#") { h += 1 }
                    if h == hashes {
                        index += quotes + hashes
                        return
                    }
                }
                index += 1
                continue
            }
            index += 1
        }
    }

    func identifier() -> String {
        var end = index
        while end < text.count, isIdentifierCharacter(text[end]) { end += 1 }
        return String(decoding: text[index..<end], as: UTF8.self)
    }

    /// The name after a declaration keyword, for the report: `func name`, `var name`, `init`.
    func nameAfter(_ keyword: String, from start: Int) -> String {
        var i = start
        while i < text.count, text[i] == UInt8(ascii: " ") { i += 1 }
        var end = i
        while end < text.count, isIdentifierCharacter(text[end]) || text[end] == UInt8(ascii: "`") { end += 1 }
        let name = String(decoding: text[i..<end], as: UTF8.self)
        return name.isEmpty ? keyword : "\(keyword) \(name)"
    }

    while index < text.count {
        let c = text[index]
        switch c {
        case UInt8(ascii: "\n"):
            line += 1
            index += 1
            // A computed property opens its body on its keyword's line; a stored one has none.
            if pending?.keyword == "var" { pending = nil }
            continue
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
            while index < text.count && text[index] != UInt8(ascii: "\n") { index += 1 }
            continue
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
            var nesting = 0
            repeat {
                if text[index] == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
                    nesting += 1
                    index += 2
                } else if text[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
                    nesting -= 1
                    index += 2
                } else {
                    if text[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            } while nesting > 0 && index < text.count
            continue
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            var hashes = 0
            while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard at(hashes) == UInt8(ascii: "\"") else {
                index += max(1, hashes)
                previous = UInt8(ascii: "#")
                continue
            }
            let multiline = at(hashes + 1) == UInt8(ascii: "\"") && at(hashes + 2) == UInt8(ascii: "\"")
            index += hashes + (multiline ? 3 : 1)
            scanString(hashes: hashes, multiline: multiline)
            previous = UInt8(ascii: "\"")
            continue
        case UInt8(ascii: "("):
            if !interpolations.isEmpty { parensInInterpolation += 1 }
            pending?.parens += 1
        case UInt8(ascii: ")"):
            if !interpolations.isEmpty {
                if parensInInterpolation == 0 {
                    let outer = interpolations.removeLast()
                    parensInInterpolation = outer.parens
                    index += 1
                    scanString(hashes: outer.hashes, multiline: outer.multiline)
                    previous = UInt8(ascii: "\"")
                    continue
                }
                parensInInterpolation -= 1
            }
            pending?.parens -= 1
        case UInt8(ascii: "{"):
            if let declaration = pending, declaration.parens == 0, declaration.depth == depth {
                open.append(Body(keyword: declaration.keyword, name: declaration.name, line: declaration.line, depth: depth))
                pending = nil
            }
            depth += 1
        case UInt8(ascii: "}"):
            depth -= 1
            if let body = open.last, body.depth == depth {
                open.removeLast()
                let length = line - body.line + 1
                if length > bodyLimit {
                    offenders.append(Offender(path: path, line: body.line, what: body.name, lines: length, limit: bodyLimit))
                }
            }
            if let declaration = pending, depth < declaration.depth { pending = nil }
        case UInt8(ascii: "="):
            // `var x = ...` and `var x: T = ...` are stored; `func f(x: Int = 1)` is not cut short by its default.
            if let declaration = pending, declaration.parens == 0, declaration.keyword == "var" { pending = nil }
        default:
            if isIdentifierStart(c) {
                let word = identifier()
                let start = index
                index += word.utf8.count
                let declares = ["func", "init", "deinit", "subscript", "var"].contains(word)
                    && previous != UInt8(ascii: ".")
                    && (index >= text.count || !isIdentifierCharacter(text[index]))
                if declares {
                    pending = Pending(keyword: word, name: nameAfter(word, from: index), line: line, depth: depth)
                    _ = start
                }
                previous = UInt8(ascii: "a")
                continue
            }
        }
        if c != UInt8(ascii: " ") && c != UInt8(ascii: "\t") { previous = c }
        index += 1
    }
    return offenders
}

func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        || c == UInt8(ascii: "_") || c >= 0x80
}

func isIdentifierCharacter(_ c: UInt8) -> Bool {
    isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
}

/// The Swift files under `folder`, sorted, so the report's order never depends on the file system.
func swiftFiles(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append(folder + "/" + relative) }
    }
    return files.sorted()
}

let folders = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["Sources", "Tests"]
var offenders: [Offender] = []
var checked = 0
for folder in folders {
    for path in swiftFiles(under: folder) {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): cannot be read")
            exit(2)
        }
        let text = [UInt8](data)
        checked += 1
        let lines = text.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (text.last == UInt8(ascii: "\n") || text.isEmpty ? 0 : 1)
        if lines > fileLimit {
            offenders.append(Offender(path: path, line: 1, what: "the file", lines: lines, limit: fileLimit))
        }
        offenders += longBodies(in: text, path: path)
    }
}
for offender in offenders {
    print("\(offender.path):\(offender.line): \(offender.what) is \(offender.lines) lines long (the limit is \(offender.limit))")
}
if offenders.isEmpty {
    print("limits: \(checked) Swift files, none over \(fileLimit) lines, no function over \(bodyLimit) lines")
} else {
    print("limits: \(offenders.count) over the limits in \(checked) Swift files: split the file along a concern, or extract functions")
    exit(1)
}
