import SimulationSupport

/// A value in a trace event: the trace writes integers, strings and booleans only, never floating point.
package enum TraceValue: Sendable, Hashable {
    case int(Int64)
    case string(String)
    case bool(Bool)

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The integer, if this is one.
    package var int: Int64? {
        if case .int(let value) = self { value } else { nil }
    }

    /// Appends the value as the trace line writes it, through the shared JSON writer's primitives.
    func append(to output: inout [UInt8]) {
        switch self {
        case .int(let value): JSONWriter.appendInteger(value, to: &output)
        case .string(let value): JSONWriter.appendString(value, to: &output)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        }
    }
}

extension TraceValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
