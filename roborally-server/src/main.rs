//! `cargo run --release -p roborally-server -- --help`

use roborally_server::config::{ArgError, Config};
use std::process::ExitCode;

fn main() -> ExitCode {
    let config = match Config::from_args(std::env::args().skip(1)) {
        Ok(c) => c,
        Err(ArgError::Help) => {
            print!("{}", roborally_server::config::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("roborally-server: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("roborally-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let store = match &config.postgres {
            Some(_) => "PostgreSQL".to_string(),
            None => config.data.join("roborally.db").display().to_string(),
        };
        let server = match roborally_server::start(config).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("roborally-server: {e}");
                return ExitCode::FAILURE;
            }
        };
        for why in &server.failed {
            eprintln!("roborally-server: not restored: {why}");
        }
        // The first line is read by scripts and tests: keep its form.
        println!("roborally-server listening on http://{}", server.addr);
        println!("store: {store}; {} matches restored", server.restored);
        let stop = async {
            let ctrl_c = tokio::signal::ctrl_c();
            #[cfg(unix)]
            {
                let mut term =
                    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                    {
                        Ok(t) => t,
                        Err(_) => return ctrl_c.await.unwrap_or(()),
                    };
                tokio::select! {
                    _ = ctrl_c => {}
                    _ = term.recv() => {}
                }
            }
            #[cfg(not(unix))]
            {
                let _ = ctrl_c.await;
            }
        };
        stop.await;
        println!("roborally-server stopping");
        server.shutdown().await;
        ExitCode::SUCCESS
    })
}
