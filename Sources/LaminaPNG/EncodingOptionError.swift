import Lamina

/// An encoding setting that cannot be used; `parameter` names the option or query parameter at fault.
public enum EncodingOptionError: LaminaFailure, Hashable {
    /// A format name Lamina does not write.
    case unknownFormat(String)
    /// A quality outside 0–100.
    case qualityOutOfRange(Int)
    /// A quality that is not a whole number.
    case qualityNotANumber(String)

    public var kind: FailureKind { .badInput }

    /// The setting at fault: `format` or `quality`.
    public var parameter: String {
        switch self {
        case .unknownFormat: return "format"
        case .qualityOutOfRange, .qualityNotANumber: return "quality"
        }
    }

    public var description: String {
        switch self {
        case .unknownFormat(let name):
            let known = ImageFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return "format: expected one of \(known) (or jpg), got \"\(name)\""
        case .qualityOutOfRange(let q): return "quality: expected a whole number 0–100, got \(q)"
        case .qualityNotANumber(let text): return "quality: expected a whole number 0–100, got \"\(text)\""
        }
    }
}
