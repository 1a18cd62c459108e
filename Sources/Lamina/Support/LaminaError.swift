/// What kind of failure an error is; the CLI turns it into an exit code.
public enum FailureKind: Sendable {
    /// Bad input: a scene, an image or an argument (exit code 1).
    case badInput
    /// The environment: no EGL display, a shader that does not compile, a lost context (exit code 2).
    case environment
    /// A bug in Lamina (exit code 3).
    case `internal`

    public var exitCode: Int32 {
        switch self {
        case .badInput: return 1
        case .environment: return 2
        case .internal: return 3
        }
    }
}

/// An error that knows its kind and prints as one line.
public protocol LaminaFailure: Error, CustomStringConvertible {
    var kind: FailureKind { get }
}

/// A scene that breaks the contract of SCENE_FORMAT.md, or one past its limits.
public struct SceneError: LaminaFailure, Hashable {
    /// The scene file's name as given (or "<stdin>", "<memory>").
    public var file: String
    /// JSON path of the offending value, e.g. `root.sublayers[2].cornerRadius`; empty for the document.
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// True when the scene is well-formed but past one of Lamina's limits (canvas size, depth, layer count,
    /// image size, document size); a service answers these differently from malformed scenes.
    public var exceedsLimit: Bool

    public init(file: String, path: String, message: String, exceedsLimit: Bool = false) {
        self.file = file; self.path = path; self.message = message; self.exceedsLimit = exceedsLimit
    }

    public var kind: FailureKind { .badInput }

    /// One line: control characters escaped, at most `MessageText.lineLimit` characters.
    public var description: String {
        MessageText.line(path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)")
    }
}

/// A render-time failure that is not the environment's: a limit only known while planning, or a bug.
public struct RenderError: LaminaFailure, Hashable {
    public var kind: FailureKind
    public var message: String

    public init(_ kind: FailureKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
