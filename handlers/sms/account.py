"""What a sender sets for himself: HELP, LANG, STOP and START.

STOP stops every message the person did not ask for (reminders, notices,
broadcasts); replies to his own messages are still sent (handlers.outbox
decides that by kind).
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from handlers.catalogue import t
from handlers.sms.commands import Command
from handlers.errors import Refused
from handlers.sms.replies import Context
from models.tables import Person


def show_help(session: Session, context: Context, command: Command) -> str:
    """The commands this sender's role may use."""
    return t(context.sender.language, f"sms.help.{context.sender.role}",
             ussd=context.ussd_code)


def lang(session: Session, context: Context, command: Command) -> str:
    """Set the reply language; the confirmation is already in it."""
    person = _person(context)
    person.language = command.language
    context.sender.language = command.language
    return t(command.language, "sms.lang")


def stop(session: Session, context: Context, command: Command) -> str:
    _person(context).opted_out = True
    return t(context.sender.language, "sms.stop")


def start(session: Session, context: Context, command: Command) -> str:
    _person(context).opted_out = False
    return t(context.sender.language, "sms.start")


def _person(context: Context) -> Person:
    if context.sender.person is None:
        raise Refused("no_phone", "the sender's number could not be read")
    return context.sender.person
