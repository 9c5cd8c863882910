#!/usr/bin/env bash
# Builds the npm package of the engines as WebAssembly into
# roborally-wasm/pkg/: the .wasm, wasm-bindgen's glue, the typed wrapper
# roborally.js with its .d.ts (typed by the server protocol's generated
# definitions, docs/protocol/roborally.d.ts) and package.json.
#
#   scripts/wasm-build.sh            # install what is missing, then build
#   WASM_INSTALL=no scripts/wasm-build.sh   # never install: fail instead
#
# The rustup toolchain here has no wasm32 standard library, so the
# standard library is built from source: Debian's rustc-web and its source
# (rust-web-src) at one pinned version, with -Zbuild-std
# (RUSTC_BOOTSTRAP=1), linked by LLVM 19's wasm-ld (lld-19: Debian's
# rustc has no rust-lld). wasm-bindgen-cli comes from
# crates.io at the exact version of the wasm-bindgen crate the package uses
# (the `=` pin in roborally-wasm/Cargo.toml), built by the rustup cargo
# into target/wasm-tools/.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian bookworm's rustc-web (main archive, not the security one, whose
# version moves): the compiler, its cargo and the standard library's source
# of one release.
RUST_WEB=1.85.0+dfsg3-1~deb12u3
# rustc-web 1.85 is built on LLVM 19; its wasm objects are linked by that
# release's wasm-ld (Debian's rustc has no rust-lld of its own).
LLD=1:19.1.7-3~deb12u1
WASM_LD=/usr/lib/llvm-19/bin/wasm-ld
# The workspace's debug line tables are of no use in the browser.
export CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_TERM_COLOR=never
start=$(date +%s)
say() { echo "wasm-build: [$(( $(date +%s) - start )) s] $*"; }

bindgen_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' roborally-wasm/Cargo.toml)
[ -n "$bindgen_version" ] || { echo "wasm-build: no exact wasm-bindgen pin in roborally-wasm/Cargo.toml"; exit 1; }
tools=target/wasm-tools
bindgen="$tools/bin/wasm-bindgen"
bindgen_pid=
if ! "$bindgen" --version 2>/dev/null | grep -q " $bindgen_version\$"; then
  [ "${WASM_INSTALL:-yes}" = yes ] || { echo "wasm-build: wasm-bindgen-cli $bindgen_version is needed in $tools"; exit 1; }
  say "installing wasm-bindgen-cli $bindgen_version (crates.io) into $tools, beside the rest"
  # No TLS: the tool downloads nothing for a build. Little optimisation:
  # it runs once on one module, and builds in half the time. It builds
  # while the compiler is installed and the module built (whose long
  # single-threaded stretches leave a core free).
  mkdir -p "$tools"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version" \
    --no-default-features --root "$tools" --target-dir target/wasm-tools/build >"$tools/install.log" 2>&1 &
  bindgen_pid=$!
  trap 'kill "$bindgen_pid" 2>/dev/null || true' EXIT
fi

installed() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true; }
if [ "$(installed rustc-web)" != "$RUST_WEB" ] || [ "$(installed rust-web-src)" != "$RUST_WEB" ] ||
  [ "$(installed cargo-web)" != "$RUST_WEB" ] || [ "$(installed lld-19)" != "$LLD" ]; then
  [ "${WASM_INSTALL:-yes}" = yes ] || { echo "wasm-build: rustc-web, cargo-web, rust-web-src $RUST_WEB and lld-19 $LLD are needed"; exit 1; }
  say "installing Debian's rustc-web, cargo-web and rust-web-src $RUST_WEB, lld-19 $LLD"
  pkgs=(rustc-web="$RUST_WEB" cargo-web="$RUST_WEB" rust-web-src="$RUST_WEB" libstd-rust-web-dev="$RUST_WEB" lld-19="$LLD")
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends "${pkgs[@]}" >/tmp/wasm-build-apt.log 2>&1 ||
    { apt-get update -q >>/tmp/wasm-build-apt.log 2>&1 &&
      apt-get install -y -q --no-install-recommends "${pkgs[@]}" >>/tmp/wasm-build-apt.log 2>&1; } ||
    { tail -20 /tmp/wasm-build-apt.log; echo "wasm-build: could not install rustc-web $RUST_WEB"; exit 1; }
fi
# Debian's rustc-web installs /usr/bin/rustc and /usr/bin/cargo; the
# rustup ones stay first on PATH, so these are named in full.
WEB_RUSTC=/usr/bin/rustc
WEB_CARGO=/usr/bin/cargo
"$WEB_RUSTC" --version | grep -q '^rustc 1\.85\.0' || { echo "wasm-build: $WEB_RUSTC is not rustc 1.85.0"; exit 1; }

say "building roborally-wasm for wasm32-unknown-unknown (rustc $("$WEB_RUSTC" --version | cut -d' ' -f2), std from source)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$WASM_LD" \
  RUSTC="$WEB_RUSTC" RUSTC_BOOTSTRAP=1 "$WEB_CARGO" rustc --quiet -p roborally-wasm --release \
  --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort --target-dir target/wasm \
  --crate-type cdylib
wasm=target/wasm/wasm32-unknown-unknown/release/roborally_wasm.wasm
if [ -n "$bindgen_pid" ]; then
  say "waiting for wasm-bindgen-cli"
  wait "$bindgen_pid" || { tail -30 "$tools/install.log"; echo "wasm-build: could not install wasm-bindgen-cli $bindgen_version"; exit 1; }
fi

pkg=roborally-wasm/pkg
rm -rf "$pkg"
mkdir -p "$pkg"
say "wasm-bindgen $bindgen_version"
"$bindgen" --target web --out-dir "$pkg" --out-name roborally_wasm "$wasm"
cp roborally-wasm/js/roborally.js roborally-wasm/js/roborally.d.ts roborally-wasm/js/README.md "$pkg/"
cp docs/protocol/roborally.d.ts "$pkg/protocol.d.ts"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
sed "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" roborally-wasm/js/package.json >"$pkg/package.json"
# wasm-bindgen writes a .gitignore that would hide the package from npm pack.
rm -f "$pkg/.gitignore"

bytes=$(wc -c <"$pkg/roborally_wasm_bg.wasm")
gz=$(gzip -9 -c "$pkg/roborally_wasm_bg.wasm" | wc -c)
say "built $pkg/ (roborally_wasm_bg.wasm: $bytes bytes, $gz gzipped)"
