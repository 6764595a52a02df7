/// `console`: a message the system writes to the console, word for word.
public struct ConsoleRecord: Sendable, Hashable {
    /// The app process's number in the run (1 for the first launch).
    public var process: Int
    /// The line, as the app's console shows it.
    public var message: String

    /// Creates the record.
    init(process: Int, message: String) {
        self.process = process
        self.message = message
    }
}

extension ConsoleRecord: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("message", message)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        message = try fields.string("message")
    }
}
