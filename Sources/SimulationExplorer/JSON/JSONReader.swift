import SimulationSupport

/// Reads plans and campaign results: the shared strict parser, with numbers whole and within `Int64`.
///
/// Errors give the line and column. Nothing bgsim writes holds a fraction,
/// and a seed written as `1e3` is more likely a mistake than an intention,
/// so a number with a fraction or an exponent is refused where it starts.
enum JSONReader {
    /// Parses `text` as one JSON value, with nothing but white space after it.
    static func parse(_ text: String) throws(FaultPlanError) -> JSONValue {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(text)
        } catch {
            let message = if case .duplicateKey(let key) = error.kind {
                "the key \"\(QuotableText.quotable(key))\" appears twice"
            } else {
                error.message
            }
            throw FaultPlanError(message, line: error.position.line, column: error.position.column)
        }
        try checkNumbers(in: value)
        return value
    }

    /// Reads `text` into a value with `make`, naming `file` in any error, the parser's or `make`'s.
    static func read<Value>(
        _ text: String, file: String?, _ make: (JSONValue) throws(FaultPlanError) -> Value
    ) throws(FaultPlanError) -> Value {
        do {
            return try make(try parse(text))
        } catch var error {
            error.file = file
            throw error
        }
    }

    /// Refuses, at its place, the first number that is not a plain integer or does not fit `Int64`.
    private static func checkNumbers(in value: JSONValue) throws(FaultPlanError) {
        switch value.content {
        case .number(let number):
            let position = value.position
            if let fraction = number.fractionOffset {
                throw FaultPlanError(
                    "numbers are whole here: no fractions or exponents", line: position?.line, column: position.map { $0.column + fraction })
            }
            if number.int64 == nil {
                throw FaultPlanError(
                    "\(number.text) does not fit in a 64-bit integer", line: position?.line, column: position?.column)
            }
        case .array(let elements):
            for element in elements { try checkNumbers(in: element) }
        case .object(let object):
            for member in object.members { try checkNumbers(in: member.value) }
        case .null, .bool, .string:
            break
        }
    }
}
