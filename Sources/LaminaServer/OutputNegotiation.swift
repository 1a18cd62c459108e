import HTTPTypes
import LaminaPNG

/// Chooses the encoding of an answer from the request: `?format=` (png, webp, jpeg or jpg, rgba),
/// `?quality=` (0–100), `?lossless=` (WebP; true/false/1/0), else the `Accept` header; PNG when neither
/// names a format.
struct OutputNegotiation {
    /// PNG compression of PNG answers.
    let pngCompression: PNGCompression

    /// The formats `Accept` can choose, in order of preference among equal weights.
    static let preference: [ImageFormat] = [.png, .webp, .jpeg, .rgba]

    func options(query: [String: String], accept: String?) throws(APIError) -> EncodingOptions {
        var options = EncodingOptions(pngCompression: pngCompression)
        if let name = query["format"] {
            guard let format = ImageFormat(name: name) else {
                throw APIError(.badRequest, EncodingOptionError.unknownFormat(name).description, path: "?format")
            }
            options.format = format
        } else if let accept, !accept.isEmpty {
            guard let format = Self.choose(accept: accept) else {
                let types = Self.preference.map(\.mediaType).joined(separator: ", ")
                throw APIError(.notAcceptable, "Accept: allows none of \(types), got \"\(accept)\"", path: "Accept")
            }
            options.format = format
        }
        if let text = query["quality"] {
            guard let q = Int(text) else {
                throw APIError(.badRequest, EncodingOptionError.qualityNotANumber(text).description, path: "?quality")
            }
            options.quality = q
        }
        if let text = query["lossless"] {
            switch text.lowercased() {
            case "1", "true", "yes": options.lossless = true
            case "0", "false", "no": options.lossless = false
            default: throw APIError(.badRequest, "lossless: expected true or false, got \"\(text)\"", path: "?lossless")
            }
        }
        do {
            return try options.validated()
        } catch {
            throw APIError(.badRequest, error.description, path: "?\(error.parameter)")
        }
    }

    /// The most wanted format `accept` allows (RFC 9110, section 12.5.1: media ranges with weights; the most
    /// specific range that matches a type gives its weight), nil when it allows none.
    static func choose(accept: String) -> ImageFormat? {
        var ranges: [(type: String, weight: Double)] = []
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            var weight = 1.0
            for p in parts.dropFirst() where p.hasPrefix("q=") {
                weight = Double(p.dropFirst(2)) ?? 0
            }
            ranges.append((type, weight))
        }
        var best: (ImageFormat, Double)?
        for format in preference {
            let type = format.mediaType
            let major = type.split(separator: "/")[0] + "/*"
            let match = ranges.first { $0.type == type } ?? ranges.first { $0.type == major } ?? ranges.first { $0.type == "*/*" }
            guard let weight = match?.weight, weight > 0, format != .rgba || match?.type == type else { continue }
            if best == nil || weight > best!.1 { best = (format, weight) }
        }
        return best?.0
    }
}
