import SimulationKernel
import SimulationModel

/// Reduces a failing plan to a smaller one that still fails the same way: the minimal reproduction of one bug.
///
/// Every candidate is run, and accepted only when its run shows the same
/// failure signature; so whatever shrinking returns fails the same way (a
/// last run checks it and records the fingerprint a replay must give).
/// Steps, repeated until none applies or the attempts run out:
///
/// 1. a seeded same-instant order becomes the list of its deviations from
///    first in, first out (the same run, written so it can shrink);
/// 2. whole parts go: the ordering, the seed, forced choices, timeline
///    shifts, parameters, faults;
/// 3. single elements go, one at a time;
/// 4. values get simpler: faults move earlier (binary search to the
///    millisecond, then rounded down to whole seconds or tenths where that
///    still fails), shifts and parameters move toward the scenario's own
///    values, deviations choose the next event rather than a later one.
///
/// Each accepted step makes the plan strictly smaller (fewer parts, then
/// earlier or closer values), so shrinking ends. It is deterministic: the
/// same plan and signature always shrink to the same result.
struct Shrinker {
    let target: ExplorationTarget
    let signature: FailureSignature
    let maximumAttempts: Int
    private(set) var attempts = 0
    private(set) var steps: [String] = []
    /// The outcome of the last accepted candidate.
    private(set) var lastOutcome: RunOutcome?

    init(target: ExplorationTarget, signature: FailureSignature, maximumAttempts: Int) {
        self.target = target
        self.signature = signature
        self.maximumAttempts = maximumAttempts
    }

    private var exhausted: Bool { attempts >= maximumAttempts }

    /// Whether `plan` still fails the same way; counts an attempt.
    private mutating func fails(_ plan: FaultPlan) -> Bool {
        attempts += 1
        guard let outcome = try? target.outcome(of: plan), outcome.shows(signature) else { return false }
        lastOutcome = outcome
        return true
    }

    /// Tries `candidate`; keeps it in `current` when it still fails.
    @discardableResult
    private mutating func attempt(_ candidate: FaultPlan, _ current: inout FaultPlan, _ step: @autoclosure () -> String) -> Bool {
        guard !exhausted, candidate != current, fails(candidate) else { return false }
        current = candidate
        steps.append(step())
        return true
    }

    /// The shrunk failure of `plan`, or nil if `plan` does not show the signature.
    mutating func shrink(_ plan: FaultPlan) -> ShrunkFailure? {
        guard fails(plan) else { return nil }
        var current = plan
        normaliseOrdering(&current)
        var progress = true
        while progress && !exhausted {
            let before = current
            dropParts(&current)
            dropElements(&current)
            simplifyValues(&current)
            progress = current != before
        }
        current.faults = current.faults.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        // The last word: the plan as returned, run once more.
        guard let final = try? target.outcome(of: current), final.shows(signature) else { return nil }
        return ShrunkFailure(plan: current, steps: steps, attempts: attempts, fingerprint: final.fingerprint.description, eventCount: final.eventCount)
    }

    // MARK: Steps

    private mutating func normaliseOrdering(_ current: inout FaultPlan) {
        let mode: PlannedOrdering.Mode
        switch current.ordering {
        case .seeded(let seed): mode = .seeded(seed)
        case .answers(let answers): mode = .answers(answers)
        case .fifo, .deviations: return
        }
        // The order, recorded with the labels of what raced.
        let recorder = PlannedOrdering(mode, records: true)
        guard (try? target.outcome(of: current, ordering: recorder)) != nil else { return }
        let deviations = PlannedOrdering.deviations(of: recorder.questions)
        var candidate = current
        candidate.ordering = deviations.isEmpty ? .fifo : .deviations(deviations)
        attempt(candidate, &current, deviations.isEmpty
            ? "ran same-instant events first in, first out (the order changed nothing)"
            : "wrote the same-instant order as the \(deviations.count) race(s) it decided the other way")
    }

    private mutating func dropParts(_ current: inout FaultPlan) {
        var candidate = current
        candidate.ordering = .fifo
        attempt(candidate, &current, "ran same-instant events first in, first out")
        candidate = current
        candidate.seed = nil
        attempt(candidate, &current, "used the scenario's own seed")
        candidate = current
        candidate.choices = []
        attempt(candidate, &current, "left every choice point to the seed")
        candidate = current
        candidate.shifts = []
        attempt(candidate, &current, "put the scenario's timeline back as written")
        candidate = current
        candidate.parameters = []
        attempt(candidate, &current, "put every profile parameter back to its value")
        candidate = current
        candidate.faults = []
        attempt(candidate, &current, "dropped every injected fault")
    }

    private mutating func dropElements(_ current: inout FaultPlan) {
        var index = 0
        while index < current.faults.count {
            var candidate = current
            let fault = candidate.faults.remove(at: index)
            if !attempt(candidate, &current, "dropped \(fault.description)") { index += 1 }
        }
        index = 0
        while index < current.shifts.count {
            var candidate = current
            let shift = candidate.shifts.remove(at: index)
            if !attempt(candidate, &current, "put back \(shift.description)") { index += 1 }
        }
        index = 0
        while index < current.parameters.count {
            var candidate = current
            let parameter = candidate.parameters.remove(at: index)
            if !attempt(candidate, &current, "put \(parameter.key.rawValue) back to its value") { index += 1 }
        }
        index = 0
        while index < current.choices.count {
            var candidate = current
            let choice = candidate.choices.remove(at: index)
            if !attempt(candidate, &current, "left \(choice.description) to the seed") { index += 1 }
        }
        if case .deviations(var list) = current.ordering {
            index = 0
            while index < list.count {
                var shorter = list
                let deviation = shorter.remove(at: index)
                var candidate = current
                candidate.ordering = shorter.isEmpty ? .fifo : .deviations(shorter)
                if attempt(candidate, &current, "let \(deviation.before) run first again (not \(deviation.run))") {
                    list = shorter
                } else {
                    index += 1
                }
            }
        }
    }

    private mutating func simplifyValues(_ current: inout FaultPlan) {
        for index in current.faults.indices {
            let original = current.faults[index].at
            var moved = VirtualInstant(nanoseconds: smallestFailing(in: current, from: 0, to: original.nanoseconds, grain: 1_000_000) {
                $0.faults[index].at = VirtualInstant(nanoseconds: $1)
            })
            // Rounder still: whole seconds, tenths, hundredths, where that still fails (always earlier).
            for unit: VirtualDuration in [.seconds(1), .milliseconds(100), .milliseconds(10)] where (moved - .zero) % unit != .zero {
                var candidate = current
                candidate.faults[index].at = .zero + (moved - .zero) / unit * unit
                if !exhausted, fails(candidate) {
                    moved = candidate.faults[index].at
                    break
                }
            }
            if moved < original {
                current.faults[index].at = moved
                steps.append("moved \(current.faults[index].kind.rawValue) from \(DurationText.exact(original)) to \(DurationText.exact(moved))")
            }
        }
        for index in current.shifts.indices {
            let original = current.shifts[index].by
            let closer = VirtualDuration.nanoseconds(towardZero(original.nanoseconds, in: current, grain: 1_000_000) {
                $0.shifts[index].by = .nanoseconds($1)
            })
            if closer != original {
                current.shifts[index].by = closer
                steps.append("moved timeline[\(current.shifts[index].entry)] by \(DurationText.signed(closer)) instead of \(DurationText.signed(original))")
            }
        }
        for index in current.parameters.indices {
            let key = current.parameters[index].key
            let original = current.parameters[index].value
            let base = target.scenario.profile[key]
            let grain: Int64 = PlatformProfile.info(key).unit == .count ? 1 : 1_000_000
            let offset = towardZero(original - base, in: current, grain: grain) { $0.parameters[index].value = base + $1 }
            if base + offset != original {
                current.parameters[index].value = base + offset
                steps.append("set \(key.rawValue) to \(current.parameters[index].valueText), closer to its value")
            }
        }
    }

    /// The smallest value in `lower...upper` on a grid of `grain` (or `upper` itself) for which the plan still fails,
    /// found by binary search; `upper` fails. Where failing is not monotone the answer still fails, it may just not
    /// be the smallest.
    private mutating func smallestFailing(
        in plan: FaultPlan, from lower: Int64, to upper: Int64, grain: Int64, _ set: (inout FaultPlan, Int64) -> Void
    ) -> Int64 {
        guard lower < upper, !exhausted else { return upper }
        var candidate = plan
        set(&candidate, lower)
        if fails(candidate) { return lower }
        var passing = lower
        var failing = upper
        while failing - passing > grain, !exhausted {
            let middle = passing + max(grain, (failing - passing) / 2 / grain * grain)
            guard middle < failing else { break }
            candidate = plan
            set(&candidate, middle)
            if fails(candidate) { failing = middle } else { passing = middle }
        }
        return failing
    }

    /// The value closest to 0, with the sign of `value`, for which the plan still fails.
    private mutating func towardZero(
        _ value: Int64, in plan: FaultPlan, grain: Int64, _ set: @escaping (inout FaultPlan, Int64) -> Void
    ) -> Int64 {
        guard value != 0 else { return 0 }
        let magnitude = smallestFailing(in: plan, from: 0, to: value == .min ? .max : abs(value), grain: grain) { plan, size in
            set(&plan, value < 0 ? -size : size)
        }
        return value < 0 ? -magnitude : magnitude
    }
}
