import CGLES3

/// A linked vertex + fragment program with its uniform locations looked up once per name.
final class ShaderProgram {
    let id: GLuint
    /// "vertex.vert + fragment.frag", for messages.
    let name: String
    private var locations: [String: GLint] = [:]
    /// The fragment shader reads its destination and writes the blended result itself
    /// (`LAMINA_DESTINATION_FETCH`): its draws are issued with blending off.
    let blendsItself: Bool

    /// Compiles and links; each of `defines` becomes `#define NAME 1` (`NAME=VALUE`: `#define NAME VALUE`)
    /// after the `#version` line.
    init(library: ShaderLibrary, vertex: String, fragment: String, defines: [String] = []) throws {
        name = "\(vertex) + \(fragment)" + defines.map { " [\($0)]" }.joined()
        blendsItself = defines.contains("LAMINA_DESTINATION_FETCH")
        let vs = try ShaderProgram.compile(library: library, file: vertex, stage: GLenum(GL_VERTEX_SHADER), defines: defines)
        defer { glDeleteShader(vs) }
        let fs = try ShaderProgram.compile(library: library, file: fragment, stage: GLenum(GL_FRAGMENT_SHADER), defines: defines)
        defer { glDeleteShader(fs) }
        id = glCreateProgram()
        glAttachShader(id, vs)
        glAttachShader(id, fs)
        glLinkProgram(id)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = ShaderProgram.infoLog(id, program: true)
            glDeleteProgram(id)
            throw GLESError.shader(file: name, log: log)
        }
        glUseProgram(id)
        glUniform1i(location("u_source"), 0)
        glUniform1i(location("u_mask"), 1)
        glUniform1i(location("u_table"), 2)
        glUniform1i(location("u_glyphs"), 3)
        glUniform1i(location("u_blurred"), 0)
    }

    /// Deletes the program (the context must be current).
    func delete() { glDeleteProgram(id) }

    func use() { glUseProgram(id) }

    /// The location of a uniform (−1 when the linker removed it; GL ignores writes to −1).
    func location(_ uniform: String) -> GLint {
        if let l = locations[uniform] { return l }
        let l = glGetUniformLocation(id, uniform)
        locations[uniform] = l
        return l
    }

    func set(_ uniform: String, _ v: Float) { glUniform1f(location(uniform), v) }
    func set(_ uniform: String, _ v: Int) { glUniform1i(location(uniform), GLint(v)) }
    func set(_ uniform: String, _ x: Float, _ y: Float) { glUniform2f(location(uniform), x, y) }
    func set(_ uniform: String, int x: Int, _ y: Int) { glUniform2i(location(uniform), GLint(x), GLint(y)) }
    func set(_ uniform: String, _ x: Float, _ y: Float, _ z: Float) { glUniform3f(location(uniform), x, y, z) }
    func set(_ uniform: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        glUniform4f(location(uniform), x, y, z, w)
    }
    func set(_ uniform: String, vec3Array values: [Float]) {
        glUniform3fv(location(uniform), GLsizei(values.count / 3), values)
    }
    func set(_ uniform: String, vec4Array values: [Float]) {
        glUniform4fv(location(uniform), GLsizei(values.count / 4), values)
    }
    func set(_ uniform: String, floatArray values: [Float]) {
        glUniform1fv(location(uniform), GLsizei(values.count), values)
    }
    func set(_ uniform: String, vec2Array values: [Float]) {
        glUniform2fv(location(uniform), GLsizei(values.count / 2), values)
    }

    private static func compile(library: ShaderLibrary, file: String, stage: GLenum, defines: [String]) throws -> GLuint {
        let source = ShaderProgram.inserting(defines, into: try library.expandedSource(file))
        let shader = glCreateShader(stage)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, program: false)
            glDeleteShader(shader)
            throw GLESError.shader(file: file, log: log)
        }
        return shader
    }

    /// The source with `#define NAME 1` lines after its first (`#version`) line.
    static func inserting(_ defines: [String], into source: String) -> String {
        guard !defines.isEmpty else { return source }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: defines.map { "#define " + ($0.contains("=") ? $0.replacingOccurrences(of: "=", with: " ") : "\($0) 1") },
                     at: min(1, lines.count))
        return lines.joined(separator: "\n")
    }

    private static func infoLog(_ object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "(no info log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if program { glGetProgramInfoLog(object, length, nil, &buffer) } else {
            glGetShaderInfoLog(object, length, nil, &buffer)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ShaderProgram {
    /// Sets one uniform of a `GPUDraw` (the program must be in use).
    func set(_ uniform: ShaderUniform) {
        switch uniform {
        case .float(let name, let v): set(name, v)
        case .int(let name, let v): set(name, v)
        case .vec2(let name, let x, let y): set(name, x, y)
        case .ivec2(let name, let x, let y): set(name, int: x, y)
        case .vec3(let name, let x, let y, let z): set(name, x, y, z)
        case .vec4(let name, let x, let y, let z, let w): set(name, x, y, z, w)
        case .array(let name, let values, let components):
            switch components {
            case 1: set(name, floatArray: values)
            case 2: set(name, vec2Array: values)
            case 3: set(name, vec3Array: values)
            default: set(name, vec4Array: values)
            }
        }
    }
}
