/// One feature's trace records: an enum with one case per kind of trace line, which writes and reads its own fields.
///
/// ``TraceRecord`` holds one such enum per feature, and ``TraceKind`` one
/// ``Kind`` per feature: the feature owns its kinds' spellings, the payload
/// of each kind, and both halves of the canonical form, so the central types
/// only dispatch, one line per feature.
protocol FeatureRecord: Sendable, Hashable {
    /// The feature's kinds; the raw value is the `kind` of a trace line.
    associatedtype Kind: RawRepresentable, CaseIterable, Sendable, Hashable where Kind.RawValue == String

    /// The kind of this record.
    var kind: Kind { get }

    /// Adds the record's fields, in no particular order.
    func encode(to fields: inout TraceFieldWriter)

    /// Reads a record of `kind` from a trace line's fields; every field of the line must be read.
    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError)
}
