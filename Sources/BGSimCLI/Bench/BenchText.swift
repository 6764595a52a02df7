/// Number formatting and table layout for the bench's text output.
enum BenchText {
    /// A rate or count in short form: `950`, `12.3k`, `21.4M`, `1.05G`.
    static func rate(_ value: Int64) -> String {
        let magnitude = Double(value)
        switch magnitude {
        case 1e9...: return decimal(magnitude / 1e9) + "G"
        case 1e6...: return decimal(magnitude / 1e6) + "M"
        case 1e4...: return decimal(magnitude / 1e3) + "k"
        default: return String(value)
        }
    }

    /// A count with thousands separators: `10,000,000`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var output = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { output.append(",") }
            output.append(digit)
        }
        return (value < 0 ? "-" : "") + output
    }

    /// A wall time: `850ns`, `12.5µs`, `4.21ms`, `1.37s`.
    static func duration(_ nanoseconds: Int64) -> String {
        let value = Double(nanoseconds)
        switch value {
        case 1e9...: return decimal(value / 1e9) + "s"
        case 1e6...: return decimal(value / 1e6) + "ms"
        case 1e3...: return decimal(value / 1e3) + "µs"
        default: return "\(nanoseconds)ns"
        }
    }

    /// KiB as MiB with one decimal: `12.4 MiB`.
    static func mebibytes(_ kibibytes: Int64) -> String {
        let tenths = (kibibytes * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// Three significant digits, at most two decimals.
    static func decimal(_ value: Double) -> String {
        let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        guard decimals > 0 else { return String(scaled) }
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        return "\(whole).\(fraction)"
    }

    /// The scenario file's name without folder and extension.
    static func scenarioName(_ file: String) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name
    }

    /// Rows laid out in columns two spaces apart: numbers right-aligned, the first column and `leftAligned` ones left.
    static func table(_ header: [String], _ rows: [[String]], indent: String = "  ", leftAligned: [Int] = []) -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return all.map { row in
            var line = indent
            for (index, cell) in row.enumerated() where index < widths.count {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { line += "  " }
                line += index == 0 || leftAligned.contains(index) ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
