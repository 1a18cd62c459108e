/// Reads the value forms of SCENE_FORMAT.md ("Values") and reports violations as `SceneError`s
/// naming the file, the JSON path and what was expected.
struct SceneValueReader {
    /// The scene file's name, for messages.
    let file: String

    func fail(_ path: JSONPath, _ message: String) -> SceneError {
        SceneError(file: file, path: path.description, message: message)
    }

    /// A well-formed value past one of Lamina's limits.
    func limit(_ path: JSONPath, _ message: String) -> SceneError {
        SceneError(file: file, path: path.description, message: message, exceedsLimit: true)
    }

    func expected(_ what: String, _ path: JSONPath, got value: JSONValue) -> SceneError {
        fail(path, "expected \(what), got \(value.brief)")
    }

    func object(_ v: JSONValue, _ path: JSONPath, what: String = "an object") throws(SceneError) -> JSONObject {
        guard case .object(let o) = v else { throw expected(what, path, got: v) }
        return o
    }

    /// Refuses the first key of `object` that is not in `known`, suggesting the nearest known key.
    func checkKeys(_ object: JSONObject, known: [String], _ path: JSONPath) throws(SceneError) {
        for key in object.keys where !known.contains(key) {
            throw fail(path.key(key), KeySuggestion.unknownKeyMessage(key, known: known))
        }
    }

    func number(_ v: JSONValue, _ path: JSONPath, what: String = "a number") throws(SceneError) -> Double {
        guard case .number(let n) = v, n.isFinite else { throw expected(what, path, got: v) }
        return n
    }

    func nonNegative(_ v: JSONValue, _ path: JSONPath, what: String = "a number ≥ 0") throws(SceneError) -> Double {
        let n = try number(v, path, what: what)
        guard n >= 0 else { throw expected(what, path, got: v) }
        return n
    }

    func positive(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        let n = try number(v, path, what: "a number > 0")
        guard n > 0 else { throw expected("a number > 0", path, got: v) }
        return n
    }

    func unit(_ v: JSONValue, _ path: JSONPath, what: String = "a number in 0…1") throws(SceneError) -> Double {
        let n = try number(v, path, what: what)
        guard n >= 0 && n <= 1 else { throw expected(what, path, got: v) }
        return n
    }

    func bool(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Bool {
        guard case .bool(let b) = v else { throw expected("true or false", path, got: v) }
        return b
    }

    func string(_ v: JSONValue, _ path: JSONPath, what: String = "a string") throws(SceneError) -> String {
        guard case .string(let s) = v else { throw expected(what, path, got: v) }
        return s
    }

    /// An array of exactly `names.count` numbers.
    func numbers(_ v: JSONValue, _ path: JSONPath, form: String, names: [String]) throws(SceneError) -> [Double] {
        guard case .array(let items) = v, items.count == names.count else { throw expected(form, path, got: v) }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            out.append(try number(item, path.index(i), what: "a number (\(names[i]))"))
        }
        return out
    }

    func point(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Point {
        let n = try numbers(v, path, form: "a point [x, y]", names: ["x", "y"])
        return Point(n[0], n[1])
    }

    func size(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Size {
        let n = try numbers(v, path, form: "a size [width, height]", names: ["width", "height"])
        return Size(n[0], n[1])
    }

    /// A rect `[x, y, width, height]` with width and height ≥ 0.
    func rect(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Rect {
        let n = try numbers(v, path, form: "a rect [x, y, width, height]", names: ["x", "y", "width", "height"])
        guard case .array(let items) = v else { throw expected("a rect", path, got: v) }
        for i in 2...3 where n[i] < 0 {
            throw expected("a \(i == 2 ? "width" : "height") ≥ 0", path.index(i), got: items[i])
        }
        return Rect(n[0], n[1], n[2], n[3])
    }

    func affineTransform(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> AffineTransform {
        let n = try numbers(v, path, form: "an affine transform [a, b, c, d, tx, ty]",
                            names: ["a", "b", "c", "d", "tx", "ty"])
        return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// One of an enumeration's raw values, with a suggestion when a string is misspelled.
    func choice<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: JSONPath, _ type: E.Type) throws(SceneError) -> E
        where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let list = SceneValueReader.alternatives(names)
        guard case .string(let s) = v else { throw expected(list, path, got: v) }
        guard let e = E(rawValue: s) else {
            let near = KeySuggestion.close(to: s, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw fail(path, "expected \(list), got \(v.brief)\(near)")
        }
        return e
    }

    /// `"a" or "b"`, or `one of "a", "b", "c"`.
    static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        if quoted.count == 2 { return quoted[0] + " or " + quoted[1] }
        return "one of " + quoted.joined(separator: ", ")
    }
}
