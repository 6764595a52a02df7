import SimulationKernel

/// Structure-aware mutations of scenario files and traces, drawn from a seed.
///
/// A scenario is mutated as a tree (a value replaced by an awkward one, a key
/// dropped, misspelt, doubled or made huge, a step wrapped in `repeat`, a
/// subtree spliced in from another sample) and then, sometimes, as bytes
/// (a byte flipped, invalid UTF-8 or a control character inserted, a span
/// cut or doubled). A trace is mutated line by line (a field's value, a
/// field dropped, doubled or added, a kind misspelt, `seq` and `t` moved,
/// lines dropped, doubled or swapped) and then, sometimes, as bytes.
struct FuzzMutator {
    var random: SeededGenerator
    /// The counts a mutation may give a `repeat`: a million only when asked, since some loops the run limits
    /// cannot stop yet take minutes (see docs/reliability.md, "Known loops no limit stops").
    let loopCounts: [String]

    init(seed: UInt64, largeLoops: Bool = false) {
        random = SeededGenerator(seed: seed)
        loopCounts = largeLoops ? ["0", "1", "3", "1000", "1000000"] : ["0", "1", "2", "3", "50"]
    }

    // MARK: Awkward values

    static let numbers = [
        "0", "-0", "1", "-1", "1.5", "50.5", "1e3", "1.0", "1e309", "-1e309", "1e-7", "0.0", "101", "1000001",
        "18446744073709551615", "18446744073709551616", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "100000000000000000000000000000", "1E400", "2.5e1",
    ]
    static let strings = [
        "", " ", "0s", "1ns", "0.5ns", "0.0000000001s", "-1s", "11000d", "3660d", "3661d", "9223372036854775807ns",
        "10y", "1h30m", "5", "1.2.3s", "\u{1B}[31mred\u{1B}[0m", "a\u{0}b", "tab\there", "\u{202E}evil", "é", "😀",
        "{n}", "launch", "goHome", "work", "wait", "repeat", "iOS17", "iOS26", "realistic", "endTask", "main",
    ]

    mutating func pick<T>(_ elements: [T]) -> T {
        elements[random.nextInt(in: 0...(elements.count - 1))]
    }

    mutating func chance(_ percent: UInt64) -> Bool {
        random.chance(percent, in: 100)
    }

    mutating func awkwardValue(donors: [FuzzJSON]) -> FuzzJSON {
        switch random.nextInt(in: 0...9) {
        case 0...3: return .literal(pick(Self.numbers))
        case 4...6: return .string(pick(Self.strings))
        case 7: return pick([.literal("true"), .literal("false"), .null, .object([]), .array([])])
        case 8: return .string(String(repeating: pick(["x", "é", "\u{1B}"]), count: pick([300, 5_000, 100_000])))
        default:
            let donor = pick(donors)
            let paths = Self.paths(in: donor)
            return Self.node(at: pick(paths), in: donor)
        }
    }

    /// A name one slip of the keyboard away: a letter dropped, doubled, swapped or changed in case.
    mutating func misspelt(_ name: String) -> String {
        var characters = Array(name)
        guard !characters.isEmpty else { return "x" }
        let at = random.nextInt(in: 0...(characters.count - 1))
        switch random.nextInt(in: 0...4) {
        case 0: characters.remove(at: at)
        case 1: characters.insert(characters[at], at: at)
        case 2: if at + 1 < characters.count { characters.swapAt(at, at + 1) }
        case 3: characters[at] = Character(characters[at].uppercased() == String(characters[at]) ? characters[at].lowercased() : characters[at].uppercased())
        default: characters.append(contentsOf: "\u{1B}[2J")
        }
        return String(characters)
    }

    // MARK: Trees

    /// Every node's path (child indices from the root), the root first.
    static func paths(in tree: FuzzJSON, prefix: [Int] = []) -> [[Int]] {
        var result = [prefix]
        switch tree {
        case .object(let members):
            for (index, member) in members.enumerated() { result += paths(in: member.value, prefix: prefix + [index]) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { result += paths(in: element, prefix: prefix + [index]) }
        case .string, .literal:
            break
        }
        return result
    }

    static func node(at path: [Int], in tree: FuzzJSON) -> FuzzJSON {
        guard let first = path.first else { return tree }
        switch tree {
        case .object(let members): return node(at: Array(path.dropFirst()), in: members[first].value)
        case .array(let elements): return node(at: Array(path.dropFirst()), in: elements[first])
        default: return tree
        }
    }

    static func replacing(at path: [Int], in tree: FuzzJSON, with change: (FuzzJSON) -> FuzzJSON) -> FuzzJSON {
        guard let first = path.first else { return change(tree) }
        switch tree {
        case .object(var members):
            members[first].value = replacing(at: Array(path.dropFirst()), in: members[first].value, with: change)
            return .object(members)
        case .array(var elements):
            elements[first] = replacing(at: Array(path.dropFirst()), in: elements[first], with: change)
            return .array(elements)
        default:
            return tree
        }
    }

    /// One structural change somewhere in `tree`.
    mutating func mutate(_ tree: FuzzJSON, donors: [FuzzJSON]) -> FuzzJSON {
        let path = pick(Self.paths(in: tree))
        let kind = random.nextInt(in: 0...9)
        return Self.replacing(at: path, in: tree) { node in change(node, kind: kind, donors: donors) }
    }

    private mutating func change(_ node: FuzzJSON, kind: Int, donors: [FuzzJSON]) -> FuzzJSON {
        switch (kind, node) {
        case (0...2, _):
            return awkwardValue(donors: donors)
        case (3, .object(var members)) where !members.isEmpty:
            members.remove(at: random.nextInt(in: 0...(members.count - 1)))
            return .object(members)
        case (4, .object(var members)):
            let key: String = switch random.nextInt(in: 0...3) {
            case 0: members.isEmpty ? "x" : misspelt(pick(members).key)
            case 1: members.isEmpty ? "x" : pick(members).key  // a duplicate key
            case 2: String(repeating: "k", count: pick([300, 200_000]))
            default: pick(["note", "\u{1B}]0;title\u{7}", "", "step", "count", "\u{0}"])
            }
            members.insert(Member(key: key, value: awkwardValue(donors: donors)), at: random.nextInt(in: 0...members.count))
            return .object(members)
        case (5, .object(var members)) where !members.isEmpty:
            let index = random.nextInt(in: 0...(members.count - 1))
            members[index].key = misspelt(members[index].key)
            return .object(members)
        case (5, .string(let text)):
            return .string(misspelt(text))
        case (6, .array(var elements)) where !elements.isEmpty:
            let index = random.nextInt(in: 0...(elements.count - 1))
            switch random.nextInt(in: 0...2) {
            case 0: elements.remove(at: index)
            case 1: elements.insert(elements[index], at: index)
            default: elements.swapAt(index, random.nextInt(in: 0...(elements.count - 1)))
            }
            return .array(elements)
        case (7, .array(var elements)) where !elements.isEmpty:
            // A step inside a loop: nested, these make the runaways the run limits must stop.
            let index = random.nextInt(in: 0...(elements.count - 1))
            let count = pick(loopCounts)
            elements[index] = .object([
                Member(key: "step", value: .string("repeat")), Member(key: "count", value: .literal(count)),
                Member(key: "steps", value: .array([elements[index], elements[index]])),
            ])
            return .array(elements)
        case (8, _):
            var nested = node
            for _ in 0..<pick([2, 300]) { nested = .array([nested]) }
            return nested
        default:
            let donor = pick(donors)
            return Self.node(at: pick(Self.paths(in: donor)), in: donor)
        }
    }

    typealias Member = FuzzJSON.Member

    // MARK: Bytes

    static let awkwardBytes: [[UInt8]] = [
        [0x00], [0x1B], [0x7F], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80],
        Array("\"".utf8), Array("\\".utf8), Array(",".utf8), Array("}".utf8), Array("]".utf8), Array("\n".utf8),
        Array("\\ud800".utf8), Array("\\u00".utf8), Array("\r\n".utf8), Array(" ".utf8),
    ]

    /// One change to the bytes.
    mutating func mutate(bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return pick(Self.awkwardBytes) }
        let at = random.nextInt(in: 0...(bytes.count - 1))
        switch random.nextInt(in: 0...5) {
        case 0: bytes[at] ^= UInt8(1 << random.nextInt(in: 0...7))
        case 1: bytes.insert(contentsOf: pick(Self.awkwardBytes), at: at)
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + random.nextInt(in: 1...16)))
        case 3:
            let span = Array(bytes[at..<min(bytes.count, at + random.nextInt(in: 1...64))])
            bytes.insert(contentsOf: span, at: at)
        case 4: bytes.removeSubrange(at...)
        default: bytes[at] = UInt8(random.nextInt(in: 0...255))
        }
        return bytes
    }

    // MARK: Scenarios and traces

    /// A mutated scenario file: half the time changes that keep it valid JSON of the right shape (so that it loads
    /// and runs, and the run limits are tried), otherwise one to three changes of any kind and sometimes a byte-level one.
    mutating func scenario(from samples: [FuzzJSON]) -> [UInt8] {
        var tree = pick(samples)
        if chance(50) {
            for _ in 0..<random.nextInt(in: 1...4) { tree = gentlyMutate(tree, donors: samples) }
            return Array(tree.rendered().utf8)
        }
        for _ in 0..<random.nextInt(in: 1...3) { tree = mutate(tree, donors: samples) }
        var bytes = Array(tree.rendered().utf8)
        if chance(30) { bytes = mutate(bytes: bytes) }
        return bytes
    }

    static let durations = ["0s", "1ns", "1ms", "250ms", "1s", "30s", "10m", "1h", "1d", "7d", "3650d"]

    /// Every step object (an object with a "step" member) in the samples.
    static func steps(in trees: [FuzzJSON]) -> [FuzzJSON] {
        trees.flatMap { tree in
            paths(in: tree).map { node(at: $0, in: tree) }.filter {
                if case .object(let members) = $0 { return members.contains { $0.key == "step" } }
                return false
            }
        }
    }

    /// A change that keeps the file a scenario of the right shape: steps looped, added or moved, durations and counts changed.
    mutating func gentlyMutate(_ tree: FuzzJSON, donors: [FuzzJSON]) -> FuzzJSON {
        let paths = Self.paths(in: tree)
        let stepLists = paths.filter { path in
            guard case .array(let elements) = Self.node(at: path, in: tree), let first = elements.first,
                  case .object(let members) = first else { return false }
            return members.contains { $0.key == "step" }
        }
        let leaves = paths.filter { path in
            switch Self.node(at: path, in: tree) {
            case .string(let text): return Self.durations.contains(text) || text.hasSuffix("s") || text.hasSuffix("m")
            case .literal(let text): return Int(text) != nil
            default: return false
            }
        }
        switch random.nextInt(in: 0...3) {
        case 0...1 where !stepLists.isEmpty:
            let kind = random.nextInt(in: 0...1) == 0 ? 7 : 6
            return Self.replacing(at: pick(stepLists), in: tree) { change($0, kind: kind, donors: donors) }
        case 2 where !stepLists.isEmpty:
            let donor = pick(Self.steps(in: donors))
            return Self.replacing(at: pick(stepLists), in: tree) { node in
                guard case .array(var elements) = node else { return node }
                elements.insert(donor, at: random.nextInt(in: 0...elements.count))
                return .array(elements)
            }
        default:
            guard !leaves.isEmpty else { return tree }
            return Self.replacing(at: pick(leaves), in: tree) { node in
                if case .literal = node { return .literal(pick(loopCounts)) }
                return .string(pick(Self.durations))
            }
        }
    }

    static let traceValues = [
        "-1", "-0", "007", "1.5", "1e3", "99999999999999999999", "9223372036854775807", "-9223372036854775808", "true",
        "null", "{}", "[]", "\"\"", "\"\\u001b[31m\"", "\"\\ud800\"", "\"x\\q\"", "\"run.start\"", "0",
    ]

    /// A mutated trace: sometimes only text changed where a trace holds free text (still a trace bgsim could have
    /// written), otherwise one to three line-level changes, then sometimes a byte-level one.
    mutating func trace(from traces: [[String]]) -> [UInt8] {
        var lines = pick(traces)
        if chance(30) {
            for _ in 0..<random.nextInt(in: 1...3) { lines = changeText(in: lines) }
            return Array(lines.joined(separator: "\n").utf8) + [0x0A]
        }
        for _ in 0..<random.nextInt(in: 1...3) { lines = mutate(lines: lines) }
        var bytes = Array(lines.joined(separator: "\n").utf8) + [0x0A]
        if chance(30) { bytes = mutate(bytes: bytes) }
        return bytes
    }

    /// A string field other than `kind` given awkward text: control characters, escapes, other scripts, length.
    private mutating func changeText(in lines: [String]) -> [String] {
        var lines = lines
        let index = random.nextInt(in: 0...(lines.count - 1))
        guard case .object(var members)? = FuzzJSON.parse(lines[index]) else { return lines }
        let texts = members.indices.filter { index in
            if case .string = members[index].value { return members[index].key != "kind" }
            return false
        }
        guard !texts.isEmpty else { return lines }
        let field = pick(texts)
        members[field].value = .string(pick(Self.strings) + pick(["", "\u{7}", "\"", "\\", "\n"]))
        lines[index] = "{" + members.map { FuzzJSON.quoted($0.key) + ":" + $0.value.rendered() }.joined(separator: ",") + "}"
        return lines
    }

    private mutating func mutate(lines: [String]) -> [String] {
        var lines = lines
        guard !lines.isEmpty else { return ["{}"] }
        let index = random.nextInt(in: 0...(lines.count - 1))
        guard case .object(var members)? = FuzzJSON.parse(lines[index]) else {
            lines.remove(at: index)
            return lines
        }
        switch random.nextInt(in: 0...9) {
        case 0...2 where !members.isEmpty:
            let field = random.nextInt(in: 0...(members.count - 1))
            members[field].value = .literal(pick(Self.traceValues))
        case 3 where !members.isEmpty:
            members.remove(at: random.nextInt(in: 0...(members.count - 1)))
        case 4:
            let key = members.isEmpty || chance(50) ? pick(["extra", "kind", "seq", "t", "\u{1B}[1m"]) : pick(members).key
            members.insert(Member(key: key, value: .literal("1")), at: random.nextInt(in: 0...members.count))
        case 5:
            if let kind = members.firstIndex(where: { $0.key == "kind" }), case .string(let name) = members[kind].value {
                members[kind].value = .string(chance(80) ? misspelt(name) : String(repeating: name, count: 5_000))
            }
        case 6:
            lines.remove(at: index)
            return lines
        case 7:
            lines.insert(lines[index], at: index)
            return lines
        case 8:
            lines.swapAt(index, random.nextInt(in: 0...(lines.count - 1)))
            return lines
        default:
            lines.insert(pick(["", " ", "\r", "{", "not json"]), at: index)
            return lines
        }
        // Written compactly, as traces are, with the members in the order the mutation left them.
        lines[index] = "{" + members.map { FuzzJSON.quoted($0.key) + ":" + $0.value.rendered() }.joined(separator: ",") + "}"
        return lines
    }
}
