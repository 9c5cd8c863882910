//! The actor's loop: one command at a time, the bot's answer when it
//! comes, the timer when it runs out.

use super::play::Broken;
use super::{Command, Ctx, Match, MatchHandle, Outgoing};
use crate::store::{MatchRecord, Status};
use roborally::AnyGame;
use std::collections::VecDeque;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};
use tokio::time::{sleep, sleep_until};

/// Commands waiting for an actor.
const COMMAND_QUEUE: usize = 64;

/// Starts the actor of a match (its record and its game as played so
/// far) and registers it.
pub(crate) fn spawn(ctx: &Arc<Ctx>, mut record: MatchRecord, game: AnyGame) -> MatchHandle {
    // The setup is read from the store when needed: not kept in memory.
    record.setup = String::new();
    let (tx, rx) = mpsc::channel(COMMAND_QUEUE);
    let seats = record.seats.len();
    let initial = super::info_from(
        &record,
        roborally::core::Game::pending(&game).outcome().cloned(),
        super::seat_infos(&record.seats, |_| false),
    );
    let m = Match {
        ctx: ctx.clone(),
        record,
        game,
        conns: Vec::new(),
        // Noted by the loop: a person not connected is away from the
        // actor's start (after a restart, from the restart).
        away: vec![None; seats],
        drafts: vec![None; seats],
        deferred: VecDeque::new(),
        period: None,
        bot: None,
        info: watch::channel(initial).0,
    };
    let handle = MatchHandle {
        tx: tx.clone(),
        info: m.info.subscribe(),
    };
    if let Ok(mut registry) = ctx.registry.lock() {
        registry.insert(m.record.id.clone(), handle.clone());
    }
    let mut m = m;
    tokio::spawn(async move {
        m.refresh_clock();
        let id = m.record.id.clone();
        if let Err(Broken(why)) = m.run(rx).await {
            eprintln!("roborally-server: match {id} stopped: {why}");
        }
        m.close_all();
        let _ = m.ctx.store.release(&id, &m.ctx.node).await;
        if let Ok(mut registry) = m.ctx.registry.lock() {
            if registry.get(&id).is_some_and(|h| h.tx.same_channel(&tx)) {
                registry.remove(&id);
            }
        }
    });
    handle
}

/// Sleeps until `t`; never ends without one.
async fn maybe_until(t: Option<tokio::time::Instant>) {
    match t {
        Some(t) => sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// A future that never ends when there is nothing to wait for.
async fn maybe<F: Future + Unpin>(f: Option<&mut F>) -> F::Output {
    match f {
        Some(f) => f.await,
        None => std::future::pending().await,
    }
}

impl Match {
    async fn run(&mut self, mut rx: mpsc::Receiver<Command>) -> Result<(), Broken> {
        loop {
            self.play_deferred().await?;
            self.start_bot();
            let ends = self.period.map(|p| p.ends);
            let idle = self.record.status == Status::Finished && self.conns.is_empty();
            let takeover = self.next_takeover();
            tokio::select! {
                biased;
                cmd = rx.recv() => match cmd {
                    None | Some(Command::Stop) => return Ok(()),
                    Some(cmd) => self.command(cmd).await?,
                },
                answer = maybe(self.bot.as_mut().map(|b| &mut b.answer)) => {
                    self.bot_answered(answer).await?;
                }
                () = maybe_until(ends) => {
                    self.time_up().await?;
                }
                () = sleep(self.ctx.idle_unload), if idle => return Ok(()),
                () = maybe_until(takeover) => self.take_over_abandoned().await,
            }
        }
    }

    async fn command(&mut self, cmd: Command) -> Result<(), Broken> {
        match cmd {
            Command::Connect(c) => self.connect(*c).await?,
            Command::Disconnect(conn) => self.disconnect(conn),
            Command::Action { conn, action, seat } => self.conn_action(conn, action, seat).await?,
            Command::Draft { conn, action } => self.draft(conn, action),
            Command::Join(req, reply) => {
                let _ = reply.send(self.join(req).await);
            }
            Command::Leave(token, reply) => {
                let _ = reply.send(self.leave(&token).await);
            }
            Command::HandToBot(req, reply) => {
                let _ = reply.send(self.hand_to_bot(req).await);
            }
            Command::Stop => {}
        }
        Ok(())
    }

    /// Closes every connection (the actor stops; clients reconnect).
    fn close_all(&mut self) {
        for c in self.conns.drain(..) {
            let _ = c.tx.try_send(Outgoing::Close);
        }
    }
}
