/// What a scheduled event is and whom it concerns: a static name and an optional numeric subject.
///
/// Labels let tools see a run as more than closures: a fuzzer counts which
/// labels were reached, fault injection finds "the expiration of background
/// task 3", and a same-instant ordering policy knows what it permutes. They
/// never change what runs: an unlabelled run and a labelled one are the same run.
///
/// A label costs two words and no allocation: the name is a pointer to a
/// string literal in the binary, the subject a plain integer. Names read like
/// `area.happening`, in lower camel case, for example:
///
/// ```swift
/// kernel.schedule(at: expiry, label: EventLabel("backgroundTime.expiring", subject: 3)) {
///     process.expire(task: 3)
/// }
/// kernel.schedule(after: .zero, label: "process.launched") { ... }
/// ```
///
/// Two labels are equal when their names have the same text and their
/// subjects are equal; where each literal is stored does not matter.
/// The kernel labels its own events too: the wake-up of a task sleeping on
/// ``Kernel/clock`` is `wakeName` with the task's identifier as subject, and
/// events scheduled without a label carry ``unlabelled``.
public struct EventLabel: @unchecked Sendable {
    // @unchecked: the pointer is to an immutable string literal in the binary, valid for the process's life.
    @usableFromInline let nameStart: UnsafePointer<UInt8>
    /// `Int64.min` when the label has no subject: an `Int64?` would make every label three words instead of two.
    @usableFromInline let rawSubject: Int64

    // Computed, not a stored `static let`: inlined into other modules, a global would cost a lazy-initialization check.
    @inlinable static var noSubject: Int64 { .min }

    /// Creates a label from a name literal and, if the event concerns one thing, its number.
    ///
    /// - Parameters:
    ///   - name: A string literal without NUL characters, such as `"backgroundTime.expiring"`.
    ///   - subject: What the event is about (a task, a process, a request), as
    ///     a number; `nil` when it concerns nothing in particular. `Int64.min`
    ///     is reserved.
    @inlinable
    public init(_ name: StaticString, subject: Int64? = nil) {
        precondition(subject != EventLabel.noSubject, "Int64.min is reserved to mean \"no subject\"")
        // `utf8Start` traps on the one-scalar representation, which string literals never use.
        nameStart = name.utf8Start
        rawSubject = subject ?? EventLabel.noSubject
    }

    /// The label of events scheduled without one.
    @inlinable
    public static var unlabelled: EventLabel { EventLabel("unlabelled") }

    /// The name the kernel gives to the wake-up of a task sleeping on its clock; the subject is the task's identifier.
    static var wakeName: StaticString { "kernel.wake" }

    /// The label of a sleeping task's wake-up; no subject for a sleep outside any spawned task.
    static func wake(of waiter: Waiter) -> EventLabel {
        EventLabel(wakeName, subject: waiter.context.map { Int64(bitPattern: $0.identifier) })
    }

    /// What the event concerns, if it concerns one thing.
    @inlinable
    public var subject: Int64? { rawSubject == EventLabel.noSubject ? nil : rawSubject }

    /// The name's UTF-8 bytes, up to the literal's terminating NUL.
    var nameBytes: UnsafeBufferPointer<UInt8> {
        var count = 0
        while nameStart[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: nameStart, count: count)
    }

    /// The name, as text.
    ///
    /// - Complexity: O(*n*) in the name's length; it allocates when the name is longer than 15 bytes.
    public var name: String { String(decoding: nameBytes, as: UTF8.self) }

    /// Whether the label's name is `name`, compared as text.
    ///
    /// - Complexity: O(*n*) in the name's length, without allocating.
    package func hasName(_ name: StaticString) -> Bool {
        nameStart == name.utf8Start || nameBytes.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether this is the wake-up of a task sleeping on the kernel's clock.
    var isWake: Bool { hasName(EventLabel.wakeName) }
}

extension EventLabel: Hashable {
    public static func == (lhs: EventLabel, rhs: EventLabel) -> Bool {
        lhs.rawSubject == rhs.rawSubject && (lhs.nameStart == rhs.nameStart || lhs.nameBytes.elementsEqual(rhs.nameBytes))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(nameBytes))
        hasher.combine(rawSubject)
    }
}

extension EventLabel: Comparable {
    /// Orders labels by name (bytewise), then by subject, no subject first: a stable order for reports of label counts.
    public static func < (lhs: EventLabel, rhs: EventLabel) -> Bool {
        let left = lhs.nameBytes
        let right = rhs.nameBytes
        if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
        return lhs.rawSubject < rhs.rawSubject
    }
}

extension EventLabel: ExpressibleByStringLiteral {
    /// Creates a label with no subject from a name literal.
    @inlinable
    public init(stringLiteral name: StaticString) {
        self.init(name)
    }
}

extension EventLabel: CustomStringConvertible {
    /// The name, followed by the subject in parentheses when there is one: `backgroundTime.expiring(3)`.
    public var description: String {
        subject.map { "\(name)(\($0))" } ?? name
    }
}
