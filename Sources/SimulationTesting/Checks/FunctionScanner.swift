/// Finds the `func` declarations of Swift source text: names, parameters, effects and result, without a parser.
///
/// Good enough for delegate methods: it skips comments and string literals,
/// balances brackets inside parameter types, and normalises spacing.
struct FunctionScanner {
    struct Parameter: Equatable {
        /// The argument label (`_` when there is none).
        var label: String
        /// The type, with spaces only after commas and colons.
        var type: String
    }

    struct Function {
        var name: String
        var parameters: [Parameter]
        var isAsync: Bool
        var returns: String?
        var line: Int
        /// The declaration up to its body, on one line.
        var text: String
    }

    let functions: [Function]

    init(_ source: String) {
        let code = Self.blankingCommentsAndStrings(Array(source))
        var found: [Function] = []
        var index = 0
        while index < code.count {
            guard Self.isWord("func", in: code, at: index) else {
                index += 1
                continue
            }
            if let function = Self.function(in: code, at: index) { found.append(function) }
            index += 4
        }
        functions = found
    }

    private static func isWord(_ word: String, in code: [Character], at index: Int) -> Bool {
        let letters = Array(word)
        guard index + letters.count < code.count, Array(code[index..<(index + letters.count)]) == letters else { return false }
        let before = index == 0 ? " " : code[index - 1]
        let after = code[index + letters.count]
        return !(before.isLetter || before.isNumber || before == "_") && (after == " " || after == "\n" || after == "\t")
    }

    private static func function(in code: [Character], at start: Int) -> Function? {
        var index = start + 4
        while index < code.count, code[index].isWhitespace { index += 1 }
        var name = ""
        while index < code.count, code[index].isLetter || code[index].isNumber || code[index] == "_" {
            name.append(code[index])
            index += 1
        }
        guard !name.isEmpty else { return nil }
        while index < code.count, code[index] != "(" && code[index] != "{" { index += 1 }
        guard index < code.count, code[index] == "(" else { return nil }
        // The parameter clause, to its matching parenthesis.
        var depth = 0
        var clause = ""
        while index < code.count {
            let character = code[index]
            if "([<".contains(character) { depth += 1 }
            // The `>` of a function type's arrow closes nothing.
            if ")]>".contains(character) && !(character == ">" && clause.last == "-") { depth -= 1 }
            clause.append(character)
            index += 1
            if depth == 0 { break }
        }
        // Effects and result, up to the body or a where clause.
        var tail = ""
        while index < code.count, code[index] != "{" {
            tail.append(code[index])
            index += 1
        }
        let words = tail.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var returns: String?
        if let arrow = tail.range(of: "->") {
            var type = String(tail[arrow.upperBound...])
            if let whereClause = type.range(of: " where ") { type = String(type[..<whereClause.lowerBound]) }
            returns = normalised(type)
        }
        let line = code[..<start].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let text = normalised("func \(name)" + clause + tail)
        return Function(
            name: name, parameters: parameters(String(clause.dropFirst().dropLast())), isAsync: words.contains("async"),
            returns: returns, line: line, text: text)
    }

    private static func parameters(_ clause: String) -> [Parameter] {
        var pieces: [String] = []
        var depth = 0
        var current = ""
        for character in clause {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) && !(character == ">" && current.last == "-") { depth -= 1 }
            if character == "," && depth == 0 {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingWhitespace.isEmpty { pieces.append(current) }
        return pieces.compactMap { piece in
            guard let colon = piece.firstIndex(of: ":") else { return nil }
            let names = piece[..<colon].split(whereSeparator: { $0.isWhitespace })
            var type = String(piece[piece.index(after: colon)...])
            if let equals = type.range(of: "=") { type = String(type[..<equals.lowerBound]) }
            type = type.replacingOccurrences(of: "@escaping", with: "").replacingOccurrences(of: "sending ", with: "")
            return Parameter(label: names.first.map(String.init) ?? "_", type: normalised(type))
        }
    }

    /// One line, single spaces, none inside brackets, one after `:` and `,`.
    static func normalised(_ text: String) -> String {
        var result = ""
        var lastWasSpace = false
        for character in text {
            if character.isWhitespace {
                lastWasSpace = true
                continue
            }
            if lastWasSpace, !result.isEmpty, let last = result.last, last.isLetter || last.isNumber || last == "_" || last == ">" || last == ")",
               character.isLetter || character.isNumber || character == "_" || character == "-" || character == "(" || character == "{" {
                result.append(" ")
            }
            lastWasSpace = false
            result.append(character)
            if character == ":" || character == "," { result.append(" ") }
        }
        return result.replacingOccurrences(of: "  ", with: " ").trimmingWhitespace
    }

    /// The source with comments and string literals turned into spaces (newlines kept, for line numbers).
    static func blankingCommentsAndStrings(_ source: [Character]) -> [Character] {
        var out = source
        var index = 0
        while index < source.count {
            let character = source[index]
            let next = index + 1 < source.count ? source[index + 1] : " "
            if character == "/" && next == "/" {
                while index < source.count, source[index] != "\n" {
                    out[index] = " "
                    index += 1
                }
            } else if character == "/" && next == "*" {
                while index < source.count, !(source[index] == "*" && index + 1 < source.count && source[index + 1] == "/") {
                    if source[index] != "\n" { out[index] = " " }
                    index += 1
                }
                if index < source.count { out[index] = " " }
                if index + 1 < source.count { out[index + 1] = " " }
                index += 2
            } else if character == "\"" {
                out[index] = " "
                index += 1
                while index < source.count, source[index] != "\"" {
                    if source[index] == "\\" && index + 1 < source.count {
                        out[index] = " "
                        index += 1
                    }
                    if source[index] != "\n" { out[index] = " " }
                    index += 1
                }
                if index < source.count { out[index] = " " }
                index += 1
            } else {
                index += 1
            }
        }
        return out
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
