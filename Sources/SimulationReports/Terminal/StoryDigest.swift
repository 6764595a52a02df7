import SimulationKernel
/// The story with its repetitions folded: a line that comes back at once, or a block of lines that comes back, is told once with a count.
///
/// A refresh every fifteen minutes tells the same eight lines each time, a
/// clean-up saves its progress thirty times in a row; the text story would
/// be those lines over and over. Lines count as the same when they have the
/// same teller and the same words once numbers are set aside (times, counts,
/// job numbers), so "due at 9h41m24s" and "due at 12h09m41s" are one line
/// said twice, and the fold says when numbers differed. Only consecutive
/// repetitions fold, so the order of events stays as it was.
struct StoryDigest: Sendable {
    /// One line of the folded story.
    enum Item: Sendable, Hashable {
        /// A line of the story; `repeats` is how many times it was told in a row (1 when once), the last at `last`.
        case line(Timeline.Entry, repeats: Int, last: VirtualInstant, numbersVary: Bool)
        /// The `lines` lines above came back `times` more times in a row, the last of them ending at `last`.
        case block(lines: Int, times: Int, last: VirtualInstant, numbersVary: Bool)
    }

    /// The longest block of lines looked for.
    static let longestBlock = 12

    /// The folded story, in order.
    let items: [Item]

    init(_ entries: [Timeline.Entry]) {
        // Each line's class: lines with the same teller and the same words without numbers share one. A line is
        // checked word for word only against the first line of each class with its shape hash (FNV-1a over its
        // teller and its words without numbers), so the fold stays exact while the block search below, which
        // compares each line up to `longestBlock` times, compares integers.
        let classes = Self.lineClasses(entries)
        func sameLine(_ a: Int, _ b: Int) -> Bool {
            classes[a] == classes[b]
        }
        func sameBlock(_ a: Int, _ b: Int, length: Int) -> Bool {
            for offset in 0..<length where !sameLine(a + offset, b + offset) { return false }
            return true
        }
        func numbersVary(_ start: Int, length: Int, times: Int) -> Bool {
            for offset in 0..<length {
                for copy in 1..<times where entries[start + offset].text != entries[start + copy * length + offset].text { return true }
            }
            return false
        }
        var items: [Item] = []
        var index = 0
        while index < entries.count {
            // The block length that saves the most lines here, the shortest on a tie.
            var best = (length: 0, times: 1)
            for length in 1...Self.longestBlock where index + 2 * length <= entries.count {
                var times = 1
                while index + (times + 1) * length <= entries.count && sameBlock(index, index + times * length, length: length) {
                    times += 1
                }
                if times >= 2 && length * (times - 1) > best.length * (best.times - 1) { best = (length, times) }
            }
            guard best.length > 0 else {
                items.append(.line(entries[index], repeats: 1, last: entries[index].time, numbersVary: false))
                index += 1
                continue
            }
            let end = index + best.length * best.times
            let varies = numbersVary(index, length: best.length, times: best.times)
            if best.length == 1 {
                items.append(.line(entries[index], repeats: best.times, last: entries[end - 1].time, numbersVary: varies))
            } else {
                for offset in 0..<best.length {
                    items.append(.line(entries[index + offset], repeats: 1, last: entries[index + offset].time, numbersVary: false))
                }
                items.append(.block(lines: best.length, times: best.times - 1, last: entries[end - 1].time, numbersVary: varies))
            }
            index = end
        }
        self.items = items
    }

    /// A class number per entry: equal for two entries exactly when they have the same teller and the same text once
    /// numbers are set aside.
    static func lineClasses(_ entries: [Timeline.Entry]) -> [Int] {
        var classes = [Int](repeating: 0, count: entries.count)
        // The first entry of each class, by shape hash; only looked up, never iterated, so hash order never shows.
        var firstOfClass: [UInt64: [Int]] = [:]
        var count = 0
        for index in entries.indices {
            let entry = entries[index]
            let shape = shapeHash(entry)
            let candidates = firstOfClass[shape] ?? []
            if let same = candidates.first(where: { entries[$0].actor == entry.actor && sameWithoutNumbers(entries[$0].text, entry.text) }) {
                classes[index] = classes[same]
            } else {
                classes[index] = count
                count += 1
                firstOfClass[shape, default: []].append(index)
            }
        }
        return classes
    }

    /// Whether a byte is part of a number as the story writes it: a digit, or a unit or decimal point after one.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "d") || byte == UInt8(ascii: "h") || byte == UInt8(ascii: "m")
            || byte == UInt8(ascii: "s") || (byte >= 0x30 && byte <= 0x39)
    }

    /// The FNV-1a hash of a line's teller and its words with each number written as `#` (the same on every platform).
    static func shapeHash(_ entry: Timeline.Entry) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in entry.actor.name.utf8 { add(byte) }
        add(0x1F)
        var inNumber = false
        for byte in entry.text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                if !inNumber { add(UInt8(ascii: "#")) }
                inNumber = true
            } else if inNumber && continuesNumber(byte) {
                continue
            } else {
                inNumber = false
                add(byte)
            }
        }
        return hash
    }

    /// Whether two texts read the same once numbers are set aside, compared byte by byte without building either.
    static func sameWithoutNumbers(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        // The next byte of a text with each number given as `#`.
        func next(_ bytes: inout String.UTF8View.Iterator, _ pending: inout UInt8?) -> UInt8? {
            var inNumber = false
            while true {
                let byte: UInt8
                if let held = pending {
                    byte = held
                    pending = nil
                } else if let read = bytes.next() {
                    byte = read
                } else {
                    return inNumber ? UInt8(ascii: "#") : nil
                }
                if byte >= 0x30 && byte <= 0x39 {
                    inNumber = true
                } else if inNumber && continuesNumber(byte) {
                    continue
                } else if inNumber {
                    pending = byte
                    return UInt8(ascii: "#")
                } else {
                    return byte
                }
            }
        }
        var heldLeft: UInt8?
        var heldRight: UInt8?
        while true {
            let x = next(&left, &heldLeft)
            let y = next(&right, &heldRight)
            if x != y { return false }
            if x == nil { return true }
        }
    }
}
