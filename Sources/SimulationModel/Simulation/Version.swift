/// The version of bgsim; part of every trace header, so it is part of every fingerprint.
public enum BGSimVersion {
    /// The version string.
    public static let current = "0.1.0"
}
