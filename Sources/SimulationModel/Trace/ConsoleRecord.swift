/// `console`: a message the system writes to the console, word for word.
public struct ConsoleRecord: Sendable, Hashable {
    public var process: Int
    public var message: String

    /// Creates the record.
    public init(process: Int, message: String) {
        self.process = process
        self.message = message
    }
}

extension ConsoleRecord: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("message", message)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        message = try fields.string("message")
    }
}
