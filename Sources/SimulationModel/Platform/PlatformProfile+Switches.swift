/// The profile's switches: behaviours where sources disagree, or where bgsim had to assume one reading.
///
/// Each is a parameter like the numbers (a scenario overrides it by name in
/// `overrides`), stored as the index of its value; docs/system-policy.md
/// gives the evidence for each value. Each switch's values are an enum
/// beside its feature's parameters.
extension PlatformProfile {
    /// The name of a `.choice` parameter's value, or of a flag's (`true`, `false`).
    func valueName(_ key: Key) -> String? {
        let info = Self.info(key)
        switch info.unit {
        case .choice:
            let index = Int(clamping: self[key])
            return info.choices.indices.contains(index) ? info.choices[index] : nil
        case .flag:
            return self[key] != 0 ? "true" : "false"
        case .duration, .count:
            return nil
        }
    }

    /// Sets a `.choice` parameter by the name of its value; false when the name is not one of its choices.
    @discardableResult
    package mutating func setChoice(_ key: Key, to name: String) -> Bool {
        guard let index = Self.info(key).choices.firstIndex(of: name) else { return false }
        self[key] = Int64(index)
        return true
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ key: Key) -> Value where Value.RawValue == String {
        let all = Array(Value.allCases)
        let index = Int(clamping: self[key])
        return all.indices.contains(index) ? all[index] : all[0]
    }
}

extension CaseIterable where Self: Equatable {
    /// The value's position among all cases: how a profile stores a choice.
    var profileIndex: Int64 { Int64(Array(Self.allCases).firstIndex(of: self)!) }
}
