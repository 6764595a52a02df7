/// One random decision about to be made, as a ``ChoiceStrategy`` sees it.
///
/// Every decision is an integer in ``range``: a ``Kernel/draw(_:in:)->Int64`` is
/// the number itself, a ``Kernel/chance(_:partsPerMillion:)`` is 0 (no)
/// or 1 (yes), and a ``Kernel/choose(_:count:)`` is the index chosen.
package struct ChoicePoint: Sendable, Hashable {
    /// Which kind of decision a choice point makes.
    package enum Kind: Sendable, Hashable {
        /// A number in the range.
        case draw
        /// Yes (1) or no (0), yes with the given probability when the seed decides.
        case chance(partsPerMillion: UInt64)
        /// The index of one of `range.count` alternatives.
        case choice
    }

    /// Which decision this is.
    package var label: ChoiceLabel
    /// The values the decision may take; the kernel clamps a strategy's answer into it.
    package var range: ClosedRange<Int64>
    /// Which kind of decision this is.
    package var kind: Kind
    /// When the decision is made.
    package var instant: VirtualInstant
    /// How many choice points the run passed before this one: 0 for the first.
    package var index: Int

    /// Creates a choice point.
    package init(label: ChoiceLabel, range: ClosedRange<Int64>, kind: Kind, instant: VirtualInstant, index: Int) {
        self.label = label
        self.range = range
        self.kind = kind
        self.instant = instant
        self.index = index
    }
}
