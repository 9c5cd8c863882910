//! What every [`Store`] must do, checked the same way for each.

use super::{LoggedAction, MatchRecord, SeatRecord, Status, Store, StoreError};
use crate::ids::{MatchId, Token};
use roborally::Edition;

pub(crate) fn record(id: &str, created_ms: i64) -> MatchRecord {
    MatchRecord {
        id: MatchId(id.to_string()),
        edition: Edition::Conquest,
        setting: "Cybertron".into(),
        setup: "{\"conquest\":{}}".into(),
        seed: u64::MAX - 7,
        bot_seed: 1 << 63,
        seeded: false,
        seats: vec![
            SeatRecord::Person {
                name: "Ann".into(),
                token: Token("00ff".into()),
            },
            SeatRecord::Bot {
                bot: "greedy".into(),
                stands_in_for: None,
            },
            SeatRecord::Open { name: None },
        ],
        private: true,
        timer_ms: Some(30_000),
        status: Status::Open,
        outcome: None,
        round: 0,
        seq: 0,
        created_ms,
        updated_ms: created_ms,
    }
}

fn logged(seq: u64) -> LoggedAction {
    LoggedAction {
        seq,
        player: (seq % 3) as u8,
        action: format!("{{\"conquest\":{{\"place\":{seq}}}}}"),
        hash: u64::MAX - seq,
    }
}

/// Checks `store`, which must be empty of the ids used here; `leases`:
/// the store has real leases (several processes), else every acquire
/// succeeds.
pub(crate) async fn check(store: &dyn Store, leases: bool) {
    let suffix = crate::ids::MatchId::random().unwrap().0;
    let a = record(&format!("a-{suffix}"), 1_000);
    let b = record(&format!("b-{suffix}"), 2_000);
    store.create(&a).await.unwrap();
    store.create(&b).await.unwrap();
    assert!(store.create(&a).await.is_err(), "ids are unique");
    assert_eq!(store.record(&a.id).await.unwrap().as_ref(), Some(&a));
    assert_eq!(store.record(&MatchId("nope".into())).await.unwrap(), None);

    for seq in 1..=3 {
        store.append(&a.id, &logged(seq), 2).await.unwrap();
    }
    let err = store.append(&a.id, &logged(2), 2).await.unwrap_err();
    assert_eq!(
        err,
        StoreError::Conflict {
            id: a.id.clone(),
            seq: 2
        }
    );
    let log = store.actions(&a.id).await.unwrap();
    assert_eq!(log, (1..=3).map(logged).collect::<Vec<_>>());
    let stored = store.record(&a.id).await.unwrap().unwrap();
    assert_eq!((stored.seq, stored.round), (3, 2));
    assert!(stored.updated_ms > a.updated_ms);

    let mut done = stored.clone();
    done.status = Status::Finished;
    done.outcome = Some("{\"conquest\":{}}".into());
    done.seats[2] = SeatRecord::Bot {
        bot: "random".into(),
        stands_in_for: Some(super::Absentee {
            name: "Cy".into(),
            token: Token("0abc".into()),
        }),
    };
    store.update(&done).await.unwrap();
    let back = store.record(&a.id).await.unwrap().unwrap();
    assert_eq!(
        (back.status, &back.outcome, &back.seats),
        (Status::Finished, &done.outcome, &done.seats)
    );

    let open: Vec<MatchId> = store
        .list(false)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    assert!(open.contains(&b.id) && !open.contains(&a.id), "{open:?}");
    let all: Vec<MatchId> = store
        .list(true)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    assert!(all.contains(&b.id) && all.contains(&a.id));

    // Leases.
    let now = 10_000;
    assert!(store.acquire(&b.id, "one", now, now + 500).await.unwrap());
    assert!(
        store
            .acquire(&b.id, "one", now + 100, now + 600)
            .await
            .unwrap(),
        "renewed"
    );
    if leases {
        assert!(!store
            .acquire(&b.id, "two", now + 200, now + 700)
            .await
            .unwrap());
        assert_eq!(
            store.owner(&b.id, now + 200).await.unwrap().as_deref(),
            Some("one")
        );
        assert!(
            store
                .acquire(&b.id, "two", now + 601, now + 900)
                .await
                .unwrap(),
            "ran out"
        );
        store.release(&b.id, "one").await.unwrap();
        assert_eq!(
            store.owner(&b.id, now + 700).await.unwrap().as_deref(),
            Some("two")
        );
        store.release(&b.id, "two").await.unwrap();
        assert_eq!(store.owner(&b.id, now + 700).await.unwrap(), None);
        assert!(store
            .acquire(&b.id, "one", now + 701, now + 900)
            .await
            .unwrap());
    } else {
        assert!(store
            .acquire(&b.id, "two", now + 200, now + 700)
            .await
            .unwrap());
    }

    // Cleaning: a finished match kept longer than an idle one.
    let deleted = store.delete_stale(0, 0).await.unwrap();
    assert!(deleted.is_empty(), "{deleted:?}");
    let far = super::now_ms() + 1_000;
    let deleted = store.delete_stale(far, 0).await.unwrap();
    assert!(
        deleted.contains(&b.id) && !deleted.contains(&a.id),
        "{deleted:?}"
    );
    assert_eq!(store.record(&b.id).await.unwrap(), None);
    let deleted = store.delete_stale(far, far).await.unwrap();
    assert!(deleted.contains(&a.id));
    assert!(store.actions(&a.id).await.unwrap().is_empty());
}
