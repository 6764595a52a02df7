import SimulationReports
import Testing

/// Colour in the terminal picture: only when asked, and never counted as columns.
@Suite struct TerminalColourTests {
    /// `text` without ANSI escape sequences.
    private func visible(_ text: Substring) -> String {
        var output = ""
        var escaping = false
        for character in text {
            if character == "\u{1B}" { escaping = true; continue }
            if escaping { if character == "m" { escaping = false }; continue }
            output.append(character)
        }
        return output
    }

    @Test(arguments: Runs.names)
    func colourChangesNothingButEscapes(name: String) throws {
        let (result, _) = try Runs.result(name)
        let timeline = Timeline(events: result.events)
        let plain = TerminalTimeline(width: 80).render(timeline)
        let coloured = TerminalTimeline(width: 80, colour: true).render(timeline)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}["))
        let lines = coloured.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.map(visible).joined(separator: "\n") == plain)
        let summary = RunSummary.text(result, replay: "bgsim run x", colour: true)
        #expect(visible(Substring(summary)) == RunSummary.text(result, replay: "bgsim run x"))
        #expect(summary.contains("\u{1B}[1;32mPASS"))
    }

    @Test func theLegendListsOnlyWhatIsDrawn() throws {
        let (result, _) = try Runs.result("save-on-background")
        let lanes = TerminalTimeline(width: 80).lanes(Timeline(events: result.events))
        let legend = lanes.suffix(3).joined(separator: " ")
        #expect(legend.contains("▓ background"))
        #expect(!legend.contains("diagnostic"))
        #expect(!legend.contains("expiration handler"))
        for line in lanes { #expect(line.count <= 80, "too wide: \(line)") }
    }
}
