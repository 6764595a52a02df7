/// Choice points: every random decision of a model, made through one labelled seam.
///
/// Each function draws from ``Kernel/random`` exactly as the generator's own
/// function named in its documentation does, so a model that moves from
/// `kernel.random.nextInt(in: a...b)` to `kernel.draw("launch.jitter", in: a...b)`
/// gets the same numbers and the same trace. What the seam adds: a
/// ``Kernel/choiceStrategy`` may override decisions by label, and
/// ``Kernel/recordsChoices`` keeps the list of decisions for replay and shrinking.
extension Kernel {
    /// A number in `range`, drawn as `random.nextInt(in: range)` draws it unless a strategy overrides it.
    ///
    /// ```swift
    /// let delay = kernel.draw(ChoiceLabel("launch.jitter", subject: process), in: -maximumJitter...maximumJitter)
    /// ```
    ///
    /// - Complexity: O(1), plus the strategy's own cost.
    package func draw(_ label: ChoiceLabel, in range: ClosedRange<Int64>) -> Int64 {
        let seeded = random.nextInt(in: range)
        return decide(label, range: range, kind: .draw, seeded: seeded)
    }

    /// A number in `range`, drawn as `random.nextInt(in: range)` draws it unless a strategy overrides it.
    ///
    /// For `0...(n - 1)` this is also the number `random.nextInt(below: n)` would give.
    package func draw(_ label: ChoiceLabel, in range: ClosedRange<Int>) -> Int {
        Int(draw(label, in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// A span in `range`, drawn in nanoseconds as `random.nextInt(in:)` draws it unless a strategy overrides it.
    ///
    /// The same numbers as ``draw(_:in:)->Int64`` over the range's nanoseconds, so a choice point
    /// that moved from integers to spans draws what it drew before.
    ///
    /// ```swift
    /// let jitter = kernel.draw(ChoiceLabel("app.launchJitter", subject: 1), in: -maximum...maximum)
    /// ```
    package func draw(_ label: ChoiceLabel, in range: ClosedRange<VirtualDuration>) -> VirtualDuration {
        .nanoseconds(draw(label, in: range.lowerBound.nanoseconds...range.upperBound.nanoseconds))
    }

    /// Yes with probability `partsPerMillion` / 1,000,000 (at most 1), decided as
    /// `random.chance(partsPerMillion:)` decides it unless a strategy overrides it.
    ///
    /// To a strategy this choice point is 0 (no) or 1 (yes).
    ///
    /// ```swift
    /// if kernel.chance("push.dropped", partsPerMillion: 50_000) { return }  // 5%
    /// ```
    package func chance(_ label: ChoiceLabel, partsPerMillion: UInt64) -> Bool {
        let seeded: Int64 = random.chance(partsPerMillion: partsPerMillion) ? 1 : 0
        return decide(label, range: 0...1, kind: .chance(partsPerMillion: partsPerMillion), seeded: seeded) == 1
    }

    /// The index of one of `count` alternatives, drawn as `Int(random.nextInt(below: UInt64(count)))`
    /// draws it unless a strategy overrides it; `count` must be positive.
    ///
    /// A single alternative still draws, as the generator does, so that
    /// adding a choice point never shifts the numbers after it.
    package func choose(_ label: ChoiceLabel, count: Int) -> Int {
        precondition(count > 0, "choose(_:count:) needs at least one alternative to choose from, got \(count)")
        let seeded = Int64(random.nextInt(below: UInt64(count)))
        return Int(decide(label, range: 0...Int64(count - 1), kind: .choice, seeded: seeded))
    }

    /// One element of `elements`, chosen as `random.choose(from:)` chooses it unless a strategy overrides
    /// the index; nil, with no draw and no choice point, when `elements` is empty.
    ///
    /// - Complexity: O(1) for random-access collections, O(*n*) otherwise.
    package func choose<C: Collection>(_ label: ChoiceLabel, from elements: C) -> C.Element? {
        guard !elements.isEmpty else { return nil }
        let offset = choose(label, count: elements.count)
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }

    /// The value of a choice point whose seeded value is drawn already: the strategy's, clamped, else the seed's.
    private func decide(_ label: ChoiceLabel, range: ClosedRange<Int64>, kind: ChoicePoint.Kind, seeded: Int64) -> Int64 {
        let index = choiceCount
        choiceCount += 1
        var value = seeded
        if let choiceStrategy {
            let point = ChoicePoint(label: label, range: range, kind: kind, instant: now, index: index)
            value = min(max(choiceStrategy.value(at: point, seeded: seeded), range.lowerBound), range.upperBound)
        }
        if recordsChoices {
            recordedChoices.append(RecordedChoice(label: label, range: range, value: value, instant: now))
        }
        return value
    }
}
