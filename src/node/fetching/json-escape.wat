;; The escape of a UTF-8 body's bytes into the inside of a JSON string, 16 bytes at a time
;; (src/node/fetching/json-escape.ts; docs/adr/0029-json-escape-in-webassembly.md). Exactly what
;; JSON.stringify writes for valid UTF-8: `"` and `\` behind a backslash, the controls below 0x20 as
;; \b \t \n \f \r or \u00XX, every other byte as it is.
;;
;; Memory: 0-255 the escape of each byte (0: none, else the letter after the backslash, `u` for \u00XX);
;; 256-271 the hex digits; the input block at 1024 (up to 65536 bytes); its escape at 66560 (up to six
;; bytes per input byte). `npm run write:json-escape` builds json-escape-wasm.ts from this file.
(module
  (memory (export "memory") 8)
  (data (i32.const 0) "\75\75\75\75\75\75\75\75\62\74\6e\75\66\72\75\75\75\75\75\75\75\75\75\75\75\75\75\75\75\75\75\75")
  (data (i32.const 34) "\22")
  (data (i32.const 92) "\5c")
  (data (i32.const 256) "0123456789abcdef")

  ;; Escapes the `len` bytes at 1024 into 66560; returns the length of the escape.
  (func (export "escape") (param $len i32) (result i32)
    (local $i i32) (local $o i32) (local $v v128) (local $found i32) (local $b i32) (local $e i32)
    (local.set $o (i32.const 66560))
    (block $done
      (loop $blocks
        (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $len)))
        (local.set $v (v128.load offset=1024 (local.get $i)))
        ;; One bit per byte that needs an escape: below 0x20, `"` or `\`.
        (local.set $found
          (i8x16.bitmask
            (v128.or
              (v128.or
                (i8x16.lt_u (local.get $v) (v128.const i8x16 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32))
                (i8x16.eq (local.get $v) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34)))
              (i8x16.eq (local.get $v) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92)))))
        ;; All 16 go out; only those before the first escape count when there is one. The output has room:
        ;; it is at most six bytes per byte before i, and i + 16 <= len.
        (v128.store (local.get $o) (local.get $v))
        (if (i32.eqz (local.get $found))
          (then
            (local.set $o (i32.add (local.get $o) (i32.const 16)))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $blocks)))
        (local.set $found (i32.ctz (local.get $found)))
        (local.set $o (i32.add (local.get $o) (local.get $found)))
        (local.set $i (i32.add (local.get $i) (local.get $found)))
        (local.set $o (call $escapeOne (local.get $o) (i32.load8_u offset=1024 (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $blocks)))
    ;; The last bytes, fewer than 16, one at a time.
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $b (i32.load8_u offset=1024 (local.get $i)))
        (if (i32.load8_u (local.get $b))
          (then (local.set $o (call $escapeOne (local.get $o) (local.get $b))))
          (else
            (i32.store8 (local.get $o) (local.get $b))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))
    (i32.sub (local.get $o) (i32.const 66560)))

  ;; Writes the escape of byte `b`, which needs one, at `o`; returns the position after it.
  (func $escapeOne (param $o i32) (param $b i32) (result i32)
    (local $e i32)
    (local.set $e (i32.load8_u (local.get $b)))
    (i32.store8 (local.get $o) (i32.const 92))
    (if (i32.ne (local.get $e) (i32.const 117))
      (then
        (i32.store8 offset=1 (local.get $o) (local.get $e))
        (return (i32.add (local.get $o) (i32.const 2)))))
    (i32.store8 offset=1 (local.get $o) (i32.const 117))
    (i32.store8 offset=2 (local.get $o) (i32.const 48))
    (i32.store8 offset=3 (local.get $o) (i32.const 48))
    (i32.store8 offset=4 (local.get $o) (i32.load8_u offset=256 (i32.shr_u (local.get $b) (i32.const 4))))
    (i32.store8 offset=5 (local.get $o) (i32.load8_u offset=256 (i32.and (local.get $b) (i32.const 15))))
    (i32.add (local.get $o) (i32.const 6))))
