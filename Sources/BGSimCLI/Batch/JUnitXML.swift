/// A JUnit XML document, the format CI services show as test results: what `bgsim run --junit`, `fuzz` and `explore` write.
///
/// No timing attributes, so the file depends only on the results.
struct JUnitXML: Sendable {
    /// One `testcase`: passing, or with one `failure`.
    struct TestCase: Sendable {
        var classname: String
        var name: String
        /// The failure's one-line message, its type, and its body.
        var failure: (message: String, type: String, body: String)?
    }

    /// One `testsuite`.
    struct Suite: Sendable {
        var name: String
        var properties: [(name: String, value: String)] = []
        var cases: [TestCase] = []
    }

    /// The `testsuites` element's name.
    var name: String
    var suites: [Suite]

    /// The document's text.
    func rendered() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        xml += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for suite in suites {
            let suiteFailures = suite.cases.filter { $0.failure != nil }.count
            xml += "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\">\n"
            if !suite.properties.isEmpty {
                xml += "    <properties>\n"
                for property in suite.properties {
                    xml += "      <property name=\"\(Self.escape(property.name))\" value=\"\(Self.escape(property.value))\"/>\n"
                }
                xml += "    </properties>\n"
            }
            for test in suite.cases {
                let opening = "    <testcase classname=\"\(Self.escape(test.classname))\" name=\"\(Self.escape(test.name))\""
                guard let failure = test.failure else {
                    xml += opening + "/>\n"
                    continue
                }
                xml += opening + ">\n"
                xml += "      <failure message=\"\(Self.escape(failure.message))\" type=\"\(Self.escape(failure.type))\">"
                xml += Self.escape(failure.body) + "</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// `text` with the five XML special characters escaped, and control characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
