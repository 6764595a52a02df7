import Testing

@testable import SimulationSupport

@Suite struct SuggestionTests {
    let taskNames = ["refresh", "processing", "healthSync", "upload"]

    @Test func suggestsTheClosestName() {
        #expect(Suggestion.closest(to: "refersh", among: taskNames) == "refresh")
        #expect(Suggestion.closest(to: "REFRESH", among: taskNames) == "refresh")
        #expect(Suggestion.closest(to: "uplaod", among: taskNames) == "upload")
        #expect(Suggestion.closest(to: "healthsink", among: taskNames) == "healthSync")
    }

    @Test func suggestsANameThatContainsTheOther() {
        #expect(Suggestion.closest(to: "process", among: taskNames) == "processing")
        #expect(Suggestion.closest(to: "uploadAll", among: taskNames) == "upload")
    }

    @Test func suggestsNothingForFarNames() {
        #expect(Suggestion.closest(to: "zzzzzz", among: taskNames) == nil)
        #expect(Suggestion.closest(to: "", among: taskNames) == nil)
        #expect(Suggestion.closest(to: "refresh", among: []) == nil)
        #expect(Suggestion.closest(to: "ab", among: ["xy"]) == nil)
    }

    @Test func tiesGoToTheEarlierCandidate() {
        #expect(Suggestion.closest(to: "cat", among: ["bat", "hat"]) == "bat")
        #expect(Suggestion.closest(to: "cat", among: ["hat", "bat"]) == "hat")
        // A closer candidate later in the list still wins.
        #expect(Suggestion.closest(to: "refreshh", among: ["refreshes", "refresh"]) == "refresh")
    }

    @Test func hintIsReadyToAppend() {
        #expect(Suggestion.hint(for: "refersh", among: taskNames) == " (did you mean \"refresh\"?)")
        #expect(Suggestion.hint(for: "zzzzzz", among: taskNames) == "")
    }

    @Test func editDistance() {
        func distance(_ a: String, _ b: String) -> Int {
            Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("same", "same") == 0)
        #expect(distance("flaw", "lawn") == 2)
    }
}
