extension StateStyle {
    /// How every report shows a background task (`beginBackgroundTask`) between its begin and its end.
    static let assertionOpen = StateStyle(.assertionOpen, "background task open", "#10b981", "#03291c", "═", "32", 1, busy: true)
}
